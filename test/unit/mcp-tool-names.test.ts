import { expect, it } from 'vitest';
import { mcpToolNames } from '../../src/shared/mcp.js';
import { tools } from '../../src/worker/mcp/tools/index.js';
import { sourcesMatching } from '../helpers/contract-sources.js';

// The server card, the ARD manifest and the directory skill publish mcpToolNames; tools/list must answer the same.

it('tools/list offers one tool per published name, in the published order', () => {
  expect(tools.map((tool) => tool.name)).toEqual([...mcpToolNames]);
});

it('no file under src/ writes the list of tool names a second time', () => {
  const list = /['"]list_resources['"]\s*,\s*['"]get_resource['"]/;
  expect(sourcesMatching(list)).toEqual(['src/shared/mcp.ts']);
});
