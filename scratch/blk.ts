import { extractExamples } from '../src/render/examples/extract';
import { readFileSync } from 'node:fs';
for (const [f, k] of [['docs/getting-started/tutorials/io.md', 10], ['docs/getting-started/tutorials/plotting.md', 8]] as const) {
  const { blocks } = extractExamples(readFileSync(f, 'utf8'));
  console.log(f, k, '\n' + blocks[k]!.code);
}
