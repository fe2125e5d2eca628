import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * The errors Step Functions must never retry, found in the sources: every class under lambdas/ and
 * workflows/ whose instances are DeterministicErrors (lambdas/core/errors/deterministicError.ts),
 * whether it extends DeterministicError directly, through other classes, or as `deterministic(Base)`.
 * Each is listed by its runtime `name`, the error type Lambda reports and the ASL matches.
 *
 * Build time only: `npm run asl` and the tests run it through compileWorkflow.ts. The deployed state
 * machines and the local runtime read the committed ASL, so no Lambda and no CLI bundle loads this
 * module, the TypeScript compiler, or the sources.
 *
 * The TypeScript checker reads the class hierarchy as the compiler does (imports, aliases,
 * re-exports, mixins), over our own files only: no standard library and no packages are loaded,
 * which keeps a scan of the ~400 files to about a second.
 */

const PROJECT_ROOT = join(__dirname, '..');
/** The folders whose code a Lambda runs. */
export const ERROR_SOURCE_FOLDERS = ['lambdas', 'workflows'];
/** Where DeterministicError is declared, relative to the project root. */
export const DETERMINISTIC_ERROR_MODULE = 'lambdas/core/errors/deterministicError.ts';

export interface DeterministicErrorClass {
  /** The runtime `name`: the error type Step Functions sees. */
  name: string;
  className: string;
  /** Relative to the scanned root, with forward slashes. */
  file: string;
}

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Every concrete DeterministicError class in `folders` of `root`, sorted by name, file and class. Throws
 * when one declares no literal `name` (it would reach Step Functions as plain `Error`), or when a
 * deterministic error and a retryable one share a name (Step Functions could not tell them apart).
 */
export function findDeterministicErrors(root: string = PROJECT_ROOT, folders: readonly string[] = ERROR_SOURCE_FOLDERS): DeterministicErrorClass[] {
  const files = folders.flatMap((folder) => typeScriptFiles(join(root, folder)));
  const program = ts.createProgram({
    rootNames: files,
    options: { noLib: true, noResolve: true, types: [], module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, noEmit: true },
  });
  const checker = program.getTypeChecker();
  const display = (file: string): string => relative(root, file).split(sep).join('/');

  const baseFile = program.getSourceFile(join(root, DETERMINISTIC_ERROR_MODULE));
  const baseClass = baseFile?.statements.find((s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === 'DeterministicError');
  if (!baseClass?.name) throw new Error(`${DETERMINISTIC_ERROR_MODULE} declares no class DeterministicError under ${root}`);
  // The mark DeterministicError declares (a unique symbol's property): every deterministic error's instances have it.
  const mark = checker
    .getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(baseClass.name)!)
    .getProperties()
    .find((p) => p.declarations?.some((d) => d.parent === baseClass && ts.isPropertyDeclaration(d) && ts.isComputedPropertyName(d.name)));
  if (!mark) throw new Error(`DeterministicError in ${DETERMINISTIC_ERROR_MODULE} declares no mark property`);

  const found: DeterministicErrorClass[] = [];
  const retryable = new Map<string, string>();
  const problems: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      const classSymbol = checker.getTypeAtLocation(node).getSymbol();
      const instance = classSymbol && checker.getDeclaredTypeOfSymbol(classSymbol);
      const className = node.name?.text ?? '(anonymous class)';
      const where = `${display(node.getSourceFile().fileName)}: ${className}`;
      const nameProperty = instance?.getProperty('name');
      const nameType = nameProperty && checker.getTypeOfSymbol(nameProperty);
      const name = nameType?.isStringLiteral() ? nameType.value : undefined;
      const abstract = ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Abstract;
      if (instance?.getProperties().some((p) => p.escapedName === mark.escapedName)) {
        if (abstract) {
          // never thrown as such; its concrete subclasses are listed
        } else if (name === undefined) {
          problems.push(`${where} is a DeterministicError without a literal name (add \`override readonly name = '${className}'\`)`);
        } else {
          found.push({ name, className, file: display(node.getSourceFile().fileName) });
        }
      } else if (name !== undefined && !abstract) {
        retryable.set(name, where);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(program.getSourceFile(file)!);

  for (const error of found) {
    const other = retryable.get(error.name);
    if (other) problems.push(`${error.file}: ${error.className} (deterministic) and ${other} (retryable) are both named '${error.name}'`);
  }
  if (problems.length) throw new Error(`Cannot list the errors Step Functions must not retry:\n- ${problems.join('\n- ')}`);
  const key = (e: DeterministicErrorClass): string[] => [e.name, e.file, e.className];
  const compare = (a: string[], b: string[]): number => {
    const i = a.findIndex((part, n) => part !== b[n]);
    return i === -1 ? 0 : a[i] < b[i] ? -1 : 1;
  };
  return found.sort((a, b) => compare(key(a), key(b)));
}

let inSources: DeterministicErrorClass[] | undefined;

/** findDeterministicErrors() of this project, scanned once per process. */
export function deterministicErrorsInSources(): DeterministicErrorClass[] {
  inSources ??= findDeterministicErrors();
  return inSources.map((e) => ({ ...e }));
}
