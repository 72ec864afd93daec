/**
 * Registers the analysis-toolkit functions with the DataFrame class, whose chainable methods
 * (`df.groupBy(...)`, `df.plot(...)`, …) call them through `DataFrame.toolkit`. The package
 * entry point imports this module, so the methods are there whenever `tinyframejs` is imported.
 * @internal
 * @module
 */
import { DataFrame } from '../DataFrame.js';
import { assign } from './assign.js';
import { apply } from './apply.js';
import { rename } from './rename.js';
import { cast } from './cast.js';
import { cut } from './cut.js';
import { oneHot } from './oneHot.js';
import { isna } from '../missing/isna.js';
import { dropna } from '../missing/dropna.js';
import { fillna } from '../missing/fillna.js';
import { interpolate } from '../missing/interpolate.js';
import { describe } from '../stats/describe.js';
import { quantile } from '../stats/quantile.js';
import { corr } from '../stats/corr.js';
import { cov } from '../stats/cov.js';
import { valueCounts } from '../stats/valueCounts.js';
import { groupBy } from '../grouping/groupBy.js';
import { concat } from '../combining/concat.js';
import { join } from '../combining/join.js';
import { dropDuplicates } from '../combining/dropDuplicates.js';
import { pivot } from '../reshaping/pivot.js';
import { melt } from '../reshaping/melt.js';
import { transpose } from '../reshaping/transpose.js';
import { rolling } from '../timeseries/rolling.js';
import { shift } from '../timeseries/shift.js';
import { resample } from '../timeseries/resample.js';
import { str } from '../text/str.js';
import { explode } from '../text/explode.js';
import { toCsv } from '../output/toCsv.js';
import { toJson } from '../output/toJson.js';
import { toMarkdown } from '../output/toMarkdown.js';
import { toHTML } from '../output/toHTML.js';
import { writeCsv, writeJson } from '../output/write.js';
import { plot } from '../plot/plot.js';

/** @internal The functions behind the toolkit's DataFrame methods. */
export const toolkitFunctions = {
  assign,
  apply,
  rename,
  cast,
  cut,
  oneHot,
  isna,
  dropna,
  fillna,
  interpolate,
  describe,
  quantile,
  corr,
  cov,
  valueCounts,
  groupBy,
  concat,
  join,
  dropDuplicates,
  pivot,
  melt,
  transpose,
  rolling,
  shift,
  resample,
  str,
  explode,
  toCsv,
  toJson,
  toMarkdown,
  toHTML,
  writeCsv,
  writeJson,
  plot,
};

DataFrame.toolkit = toolkitFunctions;
