/**
 * Finds code that takes a second database handle while it holds a transaction (ADR 0050): on the embedded default
 * (PGlite, one connection) such a query waits for the connection its own transaction holds, for good; on
 * PostgreSQL it costs a second connection per request and exhausts the pool under load.
 *
 * A transaction scope is a callback given to `….transaction()….execute(…)` or `….connection().execute(…)`, a
 * function whose first parameter is a `Transaction<DB>` (the `…Within` functions other modules call from their
 * transactions), or a callback handed to a helper that runs it in the helper's transaction
 * (`slots.settle(slot, (trx) => …)`, a rule's `held: (trx, userId) => …`). This check reads one file at a time, with
 * no type checker: such a callback's parameter is contextually typed, so it is known by its name, `trx` or `tx`
 * (the names src gives a transaction), when it has no written type. Inside one:
 * - no `db` that the scope did not declare itself and no `….db` (the module's handle, `app.db`, `deps.db`,
 *   `this.db`): only the transaction reaches the database;
 * - every `await` mentions the transaction (a repository call given it, a query built on it, another `…Within`):
 *   an awaited call that does not is I/O through some other handle (a cache that loads through the app's handle,
 *   another module's service) or work that belongs before the transaction. An arrow's expression body is what
 *   the caller awaits: it must mention the transaction too.
 * The one way out is a comment `// no database: <why>` on the line above an await that truly touches nothing.
 */
import ts from 'typescript';

export interface HandleOffence {
  line: number;
  text: string;
  why: string;
}

const EXCUSE = /\/\/\s*no database:\s*\S/;

/** Whether a call chain (`a.b().c()….execute`) contains `.transaction()` or `.connection()` before `execute`. */
function opensTransaction(callee: ts.Expression): boolean {
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'execute') return false;
  for (let e: ts.Expression = callee.expression; ;) {
    if (ts.isCallExpression(e)) {
      const inner = e.expression;
      if (ts.isPropertyAccessExpression(inner)) {
        if (inner.name.text === 'transaction' || inner.name.text === 'connection') return true;
        e = inner.expression;
        continue;
      }
      return false;
    }
    if (ts.isPropertyAccessExpression(e)) {
      e = e.expression;
      continue;
    }
    return false;
  }
}

type FunctionNode = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration | ts.MethodDeclaration;

const isFunction = (node: ts.Node): node is FunctionNode =>
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node);

/** What src names a transaction parameter whose type is not written (a callback contextually typed by its helper). */
const TRANSACTION_NAMES = new Set(['trx', 'tx']);

/** The transaction parameter's name when `fn` is a transaction scope. */
function scopeParameter(fn: FunctionNode): string | undefined {
  const first = fn.parameters[0];
  if (!first || !ts.isIdentifier(first.name)) return undefined;
  const parent = fn.parent;
  if (ts.isCallExpression(parent) && parent.arguments[0] === fn && opensTransaction(parent.expression)) {
    return first.name.text;
  }
  const type = first.type;
  if (type && ts.isTypeReferenceNode(type) && type.typeName.getText() === 'Transaction')
    return first.name.text;
  // A callback handed to a helper (an argument, or a property of an object given to one): typed by its context.
  const isCallback = ts.isArrowFunction(fn) || ts.isFunctionExpression(fn);
  if (isCallback && !type && TRANSACTION_NAMES.has(first.name.text)) return first.name.text;
  return undefined;
}

/** Names declared inside `scope` (parameters, variables, functions), so a local `db` is not the outer handle. */
function declaredNames(scope: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (
      (ts.isParameter(node) || ts.isVariableDeclaration(node) || ts.isBindingElement(node)) &&
      ts.isIdentifier(node.name)
    )
      names.add(node.name.text);
    if (ts.isFunctionDeclaration(node) && node.name) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return names;
}

function mentions(node: ts.Node, name: string): boolean {
  if (ts.isIdentifier(node) && node.text === name) return true;
  return ts.forEachChild(node, (child) => mentions(child, name) || undefined) ?? false;
}

/** The offences of one source file (its path only names it). */
export function handleOffences(fileName: string, source: string): HandleOffence[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = source.split('\n');
  const offences: HandleOffence[] = [];
  const report = (node: ts.Node, why: string) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
    offences.push({ line: line + 1, text: (lines[line] ?? '').trim(), why });
  };

  const checkScope = (fn: FunctionNode, trx: string) => {
    const local = declaredNames(fn);
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && node.text === 'db') {
        const parent = node.parent;
        const isMember = ts.isPropertyAccessExpression(parent) && parent.name === node;
        const isKey = ts.isPropertyAssignment(parent) && parent.name === node;
        if (isMember) report(node, 'a database handle (….db) inside a transaction');
        else if (!isKey && !local.has('db')) report(node, 'the outer `db` inside a transaction');
      }
      if (ts.isAwaitExpression(node) && !mentions(node.expression, trx)) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
        const above = lines[line - 1] ?? '';
        if (!EXCUSE.test(above) && !EXCUSE.test(lines[line] ?? '')) {
          report(node, `an await that does not go through the transaction (${trx})`);
        }
      }
      ts.forEachChild(node, visit);
    };
    if (!fn.body) return;
    if (ts.isBlock(fn.body)) {
      visit(fn.body);
      return;
    }
    // An arrow's expression body is its caller's await (said once: a handle in it is reported already).
    const before = offences.length;
    visit(fn.body);
    if (offences.length === before && !mentions(fn.body, trx)) {
      const line = file.getLineAndCharacterOfPosition(fn.body.getStart(file)).line;
      if (!EXCUSE.test(lines[line - 1] ?? '') && !EXCUSE.test(lines[line] ?? ''))
        report(fn.body, `a result that does not come through the transaction (${trx})`);
    }
  };

  const walk = (node: ts.Node) => {
    if (isFunction(node)) {
      const trx = scopeParameter(node);
      if (trx !== undefined) checkScope(node, trx);
    }
    ts.forEachChild(node, walk);
  };
  walk(file);
  // A scope inside another (a helper's callback within a transaction) is read by both: each offence once.
  const seen = new Set<string>();
  return offences.filter((o) => {
    const key = `${o.line} ${o.why}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
