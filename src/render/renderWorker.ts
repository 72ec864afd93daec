/** Worker entry for parallel rendering (filled in by the speed work). */
export {};
