// Loaded with `node --import` into a measured build: prints the process's peak RSS
// (worker threads included, they share the process) on exit, for the bench to read.
process.on('exit', () => {
  process.stderr.write(`\nBENCH_MAX_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
