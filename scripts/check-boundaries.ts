// The layers point one way (the rules in words are in the README, "Where things go").
// Run by `npm run check`: prints every import that breaks a rule in `boundaries.ts`, and every
// import cycle in core, the apps, e2e and bench, and every loop between features, and exits 1.
import { buildGraph, featureLoops, findCycles, listFiles, ruleBreaches, SCANNED } from './boundaries.ts';

const graph = buildGraph(SCANNED.flatMap(listFiles));
const problems = [
  ...ruleBreaches(graph),
  ...findCycles(graph).map((component) => `import cycle: ${component.join(' ↔ ')}`),
  ...featureLoops(graph),
];
if (problems.length > 0) {
  console.error(`Import boundaries (scripts/boundaries.ts, README "Where things go"):\n`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`import boundaries: ${graph.size} files, no breach, no cycle, no loop between features`);
