// Lists the slowest test files of a run that kept its report (AGENTDIR_TEST_REPORT, as .ci/run
// sets it: test-output/vitest.json), with each file's share of the summed time: where to look first.
import fs from 'node:fs';

const report = JSON.parse(fs.readFileSync(process.argv[2] ?? 'test-output/vitest.json', 'utf8'));
const files = report.testResults
  .map((file) => ({
    name: file.name.replace(`${process.cwd()}/`, ''),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
  }))
  .sort((a, b) => b.seconds - a.seconds);
const total = files.reduce((sum, file) => sum + file.seconds, 0);
console.log(
  `${files.length} files, ${total.toFixed(0)} s of file time (files run in parallel, so more than the wall time)`,
);
for (const file of files.slice(0, Number(process.argv[3] ?? 30)))
  console.log(
    `${file.seconds.toFixed(1).padStart(7)} s ${((file.seconds / total) * 100).toFixed(1).padStart(5)}%  ${file.tests} tests  ${file.name}`,
  );
