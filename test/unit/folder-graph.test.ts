import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/fixtures.js';

// The runtime line is drawn in folders (docs/architecture.md): these run in workerd and browsers,
// every other folder of src/ runs on Node and may import them, never the reverse.
const webStandardFolders = ['shared', 'worker', 'grader'];

const srcDir = path.join(repoRoot, 'src');

interface ModuleImport {
  /** What the source says: `../util/paths.js`, `node:fs`, `undici`. */
  specifier: string;
  /**
   * `import type`, `export type` or an `import('…')` type: gone once compiled. `import { type A }` is
   * not: with verbatimModuleSyntax it stays an import of the module, so it counts as code.
   */
  typeOnly: boolean;
}

/** Every module a source names: imports, exports from, `import()` calls and `import('…')` types. */
function importsOf(fileName: string, text: string): ModuleImport[] {
  const found: ModuleImport[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) {
        const typeOnly = ts.isImportDeclaration(node) ? Boolean(node.importClause?.isTypeOnly) : node.isTypeOnly;
        found.push({ specifier: node.moduleSpecifier.text, typeOnly });
      }
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const reference = node.moduleReference.expression;
      if (ts.isStringLiteral(reference)) found.push({ specifier: reference.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const argument = node.arguments[0];
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) found.push({ specifier: literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return found;
}

interface Edge extends ModuleImport {
  /** The importing file, relative to src/ with `/` separators. */
  from: string;
  /** The imported file relative to src/ when it is one of its modules, else null (a package, a built-in). */
  to: string | null;
}

function sourceFiles(): string[] {
  return fs
    .readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

function edgesOf(file: string): Edge[] {
  const text = fs.readFileSync(path.join(srcDir, file), 'utf8');
  return importsOf(file, text).map((found) => {
    if (!found.specifier.startsWith('.')) return { ...found, from: file, to: null };
    // Sources name the compiled file (`./x.js`); the module is its `.ts`.
    const target = path.posix.join(path.posix.dirname(file), found.specifier).replace(/\.js$/, '.ts');
    return { ...found, from: file, to: target.startsWith('../') ? null : target };
  });
}

/** The first path segment under src/: `compile` for `compile/build.ts`. */
function folderOf(file: string): string {
  return file.split('/')[0]!;
}

const isWebStandard = (file: string): boolean => webStandardFolders.includes(folderOf(file));

/** The folders that import one another in a loop (strongly connected components of two or more), by Tarjan. */
function folderLoops(edges: Map<string, Map<string, Edge[]>>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const connect = (folder: string): void => {
    index.set(folder, index.size);
    lowest.set(folder, index.get(folder)!);
    stack.push(folder);
    onStack.add(folder);
    for (const next of [...(edges.get(folder)?.keys() ?? [])].sort()) {
      if (!index.has(next)) {
        connect(next);
        lowest.set(folder, Math.min(lowest.get(folder)!, lowest.get(next)!));
      } else if (onStack.has(next)) lowest.set(folder, Math.min(lowest.get(folder)!, index.get(next)!));
    }
    if (lowest.get(folder) !== index.get(folder)) return;
    const loop: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      loop.push(member);
    } while (member !== folder);
    if (loop.length > 1) loops.push(loop.sort());
  };
  for (const folder of [...edges.keys()].sort()) if (!index.has(folder)) connect(folder);
  return loops;
}

/** The shortest way from `folder` back to itself through `members`, starting at the first folder by name. */
function shortestLoop(folder: string, members: string[], edges: Map<string, Map<string, Edge[]>>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [folder];
  for (let at = 0; at < queue.length; at++) {
    const current = queue[at]!;
    for (const next of [...(edges.get(current)?.keys() ?? [])].sort()) {
      if (!members.includes(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      if (next === folder) break;
      queue.push(next);
    }
    if (cameFrom.has(folder)) break;
  }
  const loop = [folder];
  for (let step = cameFrom.get(folder)!; step !== folder; step = cameFrom.get(step)!) loop.unshift(step);
  loop.unshift(folder);
  const first = loop.indexOf([...loop].sort()[0]!, 0);
  const rotated = [...loop.slice(first, -1), ...loop.slice(0, first)];
  return [...rotated, rotated[0]!];
}

/** Each folder's imports of other folders, with the file imports that make each. */
function folderEdges(edges: Edge[]): Map<string, Map<string, Edge[]>> {
  const byFolder = new Map<string, Map<string, Edge[]>>();
  for (const edge of edges) {
    if (edge.to === null) continue;
    const [from, to] = [folderOf(edge.from), folderOf(edge.to)];
    if (from === to) continue;
    const targets = byFolder.get(from) ?? new Map<string, Edge[]>();
    byFolder.set(from, targets);
    targets.set(to, [...(targets.get(to) ?? []), edge]);
  }
  return byFolder;
}

const allEdges = sourceFiles().flatMap(edgesOf);

describe('the folders of src/', () => {
  it('are read with every form of import a source can use', () => {
    const source = [
      "import fs from 'node:fs';",
      "import type { A } from './a.js';",
      "import { type B } from './b.js';",
      "export { c } from './c.js';",
      "export type { D } from './d.js';",
      "export * from './e.js';",
      "import './f.js';",
      "const g = await import('./g.js');",
      "type H = import('./h.js').H;",
    ].join('\n');
    expect(importsOf('sample.ts', source)).toEqual([
      { specifier: 'node:fs', typeOnly: false },
      { specifier: './a.js', typeOnly: true },
      { specifier: './b.js', typeOnly: false },
      { specifier: './c.js', typeOnly: false },
      { specifier: './d.js', typeOnly: true },
      { specifier: './e.js', typeOnly: false },
      { specifier: './f.js', typeOnly: false },
      { specifier: './g.js', typeOnly: false },
      { specifier: './h.js', typeOnly: true },
    ]);
    // The graph is the real one: the CLI's folder imports the compiler's.
    expect(allEdges.some((edge) => edge.from.startsWith('cli/') && edge.to?.startsWith('compile/'))).toBe(true);
  });

  it('import one another without a loop, so each folder can be read, tested and moved on its own', () => {
    const byFolder = folderEdges(allEdges);
    const loops = folderLoops(byFolder).map((members) => {
      const shortest = members.map((folder) => shortestLoop(folder, members, byFolder));
      // One line per distinct loop, each import that makes it named, so the one to move is plain to see.
      const distinct = [...new Set(shortest.map((loop) => loop.join(' -> ')))].map((line) => {
        const folders = line.split(' -> ');
        const imports = folders.slice(1).map((to, at) => {
          const [edge, ...others] = byFolder.get(folders[at]!)!.get(to)!;
          const more = others.length ? ` (and ${others.length} more)` : '';
          return `    src/${edge!.from} imports src/${edge!.to}${more}`;
        });
        return [`  ${line}`, ...imports].join('\n');
      });
      return [`${members.join(', ')} import one another in a loop:`, ...distinct].join('\n');
    });
    expect(loops).toEqual([]);
  });

  it(`keep Node built-ins out of the web-standard tree (src/${webStandardFolders.join(', src/')})`, () => {
    const nodeImports = allEdges
      .filter((edge) => isWebStandard(edge.from) && isBuiltin(edge.specifier))
      .map((edge) => `src/${edge.from} imports ${edge.specifier}`);
    expect(nodeImports).toEqual([]);
  });

  it('reach src/worker only from the Node adapters that run it (the compiler bundles it by path)', () => {
    const runners = ['worker/', 'grader-node/', 'serve/'];
    const reaches = allEdges
      .filter((edge) => edge.to?.startsWith('worker/') && !edge.typeOnly)
      .filter((edge) => !runners.some((folder) => edge.from.startsWith(folder)))
      .map((edge) => `src/${edge.from} imports src/${edge.to}`);
    expect(reaches).toEqual([]);
  });

  it('let the web-standard tree take code only from itself (types may come from anywhere)', () => {
    const crossings = allEdges
      .filter((edge) => isWebStandard(edge.from) && edge.to !== null && !edge.typeOnly && !isWebStandard(edge.to))
      .map((edge) => `src/${edge.from} imports src/${edge.to}`);
    expect(crossings).toEqual([]);
  });
});
