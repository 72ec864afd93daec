/**
 * TinyFrame — a tiny, lightning-fast dataframe engine for JavaScript.
 *
 * @packageDocumentation
 */
export { DataFrame } from './DataFrame.js';
export type { DType, NumericDType } from './dtypes.js';
export type { Column, CellValue } from './column.js';
export type { FrameOptions, IndexLabel, Row, ColumnInput } from './creation/frameOptions.js';
export { validateColumn, validateColumnNames, validateColumnLengths } from './validation/validateColumn.js';
export { validateInputData } from './validation/validateInputData.js';
export { validateNumericArray, type NumericArrayOptions } from './validation/validateNumericArray.js';
export { validateDType, type DTypeExpectation } from './validation/validateDType.js';
export { validateOptions, type OptionType, type OptionRule } from './validation/validateOptions.js';
