/** `react/jsx-runtime` as ES bindings for the client bundle (see ./react.ts). */
import * as runtime from 'react/jsx-runtime';

export const { jsx, jsxs, Fragment } = runtime;
