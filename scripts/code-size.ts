// Prints the two size figures of the production code (docs/server-layout.md, "Rooms of human size"): files over
// FILE_LINES lines and functions over FUNCTION_LINES lines, components included. Run by `npm run lint`; it reports and
// never fails (`--list` names every file and function over its line).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const FILE_LINES = 450;
export const FUNCTION_LINES = 80;
/** The figures the code should stay at or under. */
export const TARGETS = { filesOver: 0, functionsOver: 35 } as const;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'test-support', 'locales']);

/** A production source file: TypeScript, not a test, not generated data. */
function isProductionFile(file: string): boolean {
  return /\.(ts|tsx)$/.test(file) && !/\.(test|e2e|process\.test|bench)\.tsx?$/.test(file) && !file.endsWith('.d.ts');
}

function sourceFiles(directory: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) found.push(...sourceFiles(path.join(directory, entry.name)));
    } else if (isProductionFile(entry.name)) found.push(path.join(directory, entry.name));
  }
  return found;
}

export type SizedFunction = { file: string; name: string; line: number; lines: number };

/** The name a function is known by: its own, its variable's, its property's or its method's, else "(anonymous)". */
function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node)) && node.name)
    return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
    return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return '(anonymous)';
}

/** Every function, method and arrow function of a file with its length in lines (nested ones counted on their own). */
export function functionsOf(file: string, text: string): SizedFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: SizedFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file, name: functionName(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function measure(): { files: { file: string; lines: number }[]; functions: SizedFunction[] } {
  const files: { file: string; lines: number }[] = [];
  const functions: SizedFunction[] = [];
  for (const sourceRoot of SOURCE_ROOTS) {
    for (const absolute of sourceFiles(path.join(root, sourceRoot))) {
      const file = path.relative(root, absolute);
      const text = fs.readFileSync(absolute, 'utf8');
      files.push({ file, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) });
      functions.push(...functionsOf(file, text));
    }
  }
  return { files, functions };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, functions } = measure();
  const bigFiles = files.filter((entry) => entry.lines > FILE_LINES).sort((a, b) => b.lines - a.lines);
  const longFunctions = functions.filter((entry) => entry.lines > FUNCTION_LINES).sort((a, b) => b.lines - a.lines);
  const verdict = (count: number, target: number) => (count <= target ? 'at or under target' : 'over target');
  console.log(
    `code size: ${bigFiles.length} production files over ${FILE_LINES} lines (target ${TARGETS.filesOver}, ${verdict(bigFiles.length, TARGETS.filesOver)}); ` +
      `${longFunctions.length} functions over ${FUNCTION_LINES} lines (target at most ${TARGETS.functionsOver}, ${verdict(longFunctions.length, TARGETS.functionsOver)})`,
  );
  if (process.argv.includes('--list')) {
    for (const entry of bigFiles) console.log(`  file ${entry.lines} lines  ${entry.file}`);
    for (const entry of longFunctions)
      console.log(`  function ${entry.lines} lines  ${entry.file}:${entry.line} ${entry.name}`);
  }
}
