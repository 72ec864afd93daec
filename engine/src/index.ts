/**
 * TinyFrame — a tiny, lightning-fast dataframe engine for JavaScript.
 *
 * @packageDocumentation
 */
export { DataFrame } from './DataFrame.js';
export type { DType, NumericDType } from './dtypes.js';
export type { Column, CellValue } from './column.js';
export type { FrameOptions, IndexLabel, Row, ColumnInput } from './creation/frameOptions.js';
export {
  validateColumn,
  validateColumnNames,
  validateColumnLengths,
} from './validation/validateColumn.js';
export { validateInputData } from './validation/validateInputData.js';
export {
  validateNumericArray,
  type NumericArrayOptions,
} from './validation/validateNumericArray.js';
export { validateDType, type DTypeExpectation } from './validation/validateDType.js';
export { validateOptions, type OptionType, type OptionRule } from './validation/validateOptions.js';

// Creation
export { createFrame } from './creation/createFrame.js';
export { cloneFrame } from './creation/cloneFrame.js';
export { arrayToFrame, type ArrayToFrameOptions } from './creation/arrayToFrame.js';
export { jsonToFrame, type JsonFrameOptions } from './creation/jsonToFrame.js';
export { apiToFrame, type ApiToFrameOptions } from './creation/apiToFrame.js';
// I/O
export { readCsv, readTsv } from './io/readCsv.js';
export type { CsvOptions } from './io/parseCsv.js';
export { CsvParseError } from './io/csvParser.js';
export type { TextSource } from './io/source.js';
export { readJson } from './io/readJson.js';
export { readExcel, type ExcelOptions, type ExcelSource } from './io/readExcel.js';
export { readSql, type SqlClient, type SqlOptions } from './io/readSql.js';
// Selection
export { select, drop, selectByPattern } from './selection/select.js';
export { head, tail } from './selection/headTail.js';
export { at, first, last } from './selection/at.js';
export { iloc } from './selection/iloc.js';
export type { PositionSelector, Slice } from './selection/positions.js';
export { loc } from './selection/loc.js';
export {
  sample,
  stratifiedSample,
  type SampleOptions,
  type StratifiedSampleOptions,
} from './selection/sample.js';
// Filtering
export { filter } from './filtering/filter.js';
export { query } from './filtering/query.js';
export type { QueryParams } from './filtering/queryEval.js';
export { QuerySyntaxError } from './filtering/queryParser.js';
export { where, type WhereOperator } from './filtering/where.js';
export { expr$, type Expr } from './filtering/expr.js';
// Aggregation
export { count, sum, mean, std, variance, type DispersionOptions } from './aggregation/moments.js';
export { median, min, max, mode } from './aggregation/order.js';
// Ordering
export { sort, type SortOptions } from './ordering/sort.js';
// Output
export { print, type PrintOptions } from './output/print.js';

// --- analysis toolkit (issue 9) ---
export { assign, type AssignSpec, type RowObject } from './columns/assign.js';
export { apply } from './columns/apply.js';
export { rename } from './columns/rename.js';
export { cast, type CastOptions } from './columns/cast.js';
export { cut, type CutOptions } from './columns/cut.js';
export { oneHot, type OneHotOptions } from './columns/oneHot.js';
export { isna } from './missing/isna.js';
export { dropna, type DropnaOptions } from './missing/dropna.js';
export { fillna, type FillMethod, type FillValue } from './missing/fillna.js';
export { interpolate } from './missing/interpolate.js';
export { describe, type DescribeOptions } from './stats/describe.js';
export { quantile } from './stats/quantile.js';
export { corr } from './stats/corr.js';
export { cov, type CovOptions } from './stats/cov.js';
export { valueCounts, type ValueCountsOptions } from './stats/valueCounts.js';
export { groupBy, GroupBy, type AggSpec } from './grouping/groupBy.js';
export type { Reducer } from './grouping/reduce.js';
export { concat, type ConcatOptions } from './combining/concat.js';
export { join, type JoinOptions } from './combining/join.js';
export type { JoinHow } from './combining/joinKernel.js';
export { dropDuplicates, type DropDuplicatesOptions } from './combining/dropDuplicates.js';
export { pivot, type PivotOptions } from './reshaping/pivot.js';
export { melt, type MeltOptions } from './reshaping/melt.js';
export { transpose } from './reshaping/transpose.js';
export { dateRange } from './timeseries/dateRange.js';
export { rolling, Rolling, type RollingOptions } from './timeseries/rolling.js';
export { shift, type ShiftOptions } from './timeseries/shift.js';
export { resample, type ResampleOptions } from './timeseries/resample.js';
export { str, StringAccessor, type ContainsOptions } from './text/str.js';
export { explode } from './text/explode.js';
export { toCsv, type ToCsvOptions } from './output/toCsv.js';
export { toJson, type ToJsonOptions } from './output/toJson.js';
export { toMarkdown, type ToMarkdownOptions } from './output/toMarkdown.js';
export { toHTML, type ToHTMLOptions } from './output/toHTML.js';
export { writeCsv, writeJson } from './output/write.js';
export { plot, type PlotOptions } from './plot/plot.js';
// --- end analysis toolkit ---
