/**
 * ESLint rule `actions/through-gate` (docs/architecture.md "Server actions"): every server action is made by
 * the one gate, `defineAction` of lib/actions/define-action.ts (Origin, zod, session, errors as messages, one
 * ActionResult). In a file that starts with 'use server', each export is `export const name = defineAction(…)`
 * (defineAction imported from the gate) or a type; a function written by hand, a default export, a re-export
 * or any other value is refused. A 'use server' directive inside a function (an inline action) is refused too:
 * actions live in their domain's actions.ts.
 */
const GATE = /(^|\/)lib\/actions\/define-action(\.ts)?$/;
const MESSAGE = {
  notGate: "A 'use server' file exports only actions made by defineAction (lib/actions/define-action.ts) and types.",
  inline: "No inline 'use server': define the action in its domain's actions.ts with defineAction (lib/actions/define-action.ts).",
};

const isUseServer = (statement) =>
  statement?.type === 'ExpressionStatement' && (statement.directive === 'use server' || statement.expression?.value === 'use server');

/** The directive prologue of a program or a function body. */
function prologue(body) {
  const out = [];
  for (const statement of body) {
    if (statement.type !== 'ExpressionStatement' || typeof statement.directive !== 'string') break;
    out.push(statement);
  }
  return out;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Server actions are made by defineAction (lib/actions/define-action.ts)' },
    messages: MESSAGE,
    schema: [],
  },
  create(context) {
    const gateNames = new Set();
    let serverFile = false;

    function checkExport(node) {
      if (node.exportKind === 'type') return;
      if (node.type === 'ExportDefaultDeclaration' || node.type === 'ExportAllDeclaration') return context.report({ node, messageId: 'notGate' });
      const d = node.declaration;
      if (!d) {
        // `export { a, type B }` or a re-export: only types may go out this way.
        if (node.source || node.specifiers.some((s) => s.exportKind !== 'type')) context.report({ node, messageId: 'notGate' });
        return;
      }
      if (d.type === 'TSTypeAliasDeclaration' || d.type === 'TSInterfaceDeclaration') return;
      if (d.type === 'VariableDeclaration' && d.kind === 'const') {
        for (const v of d.declarations) {
          const made = v.id.type === 'Identifier' && v.init?.type === 'CallExpression' && v.init.callee.type === 'Identifier' && gateNames.has(v.init.callee.name);
          if (!made) context.report({ node: v, messageId: 'notGate' });
        }
        return;
      }
      context.report({ node, messageId: 'notGate' });
    }

    function checkFunction(node) {
      if (node.body?.type !== 'BlockStatement') return;
      for (const statement of prologue(node.body.body)) {
        if (isUseServer(statement)) context.report({ node: statement, messageId: 'inline' });
      }
    }

    return {
      Program(node) {
        serverFile = prologue(node.body).some(isUseServer);
        for (const statement of node.body) {
          if (statement.type !== 'ImportDeclaration' || !GATE.test(statement.source.value) || statement.importKind === 'type') continue;
          for (const s of statement.specifiers) {
            if (s.type === 'ImportSpecifier' && s.importKind !== 'type' && (s.imported.name ?? s.imported.value) === 'defineAction') gateNames.add(s.local.name);
          }
        }
      },
      ExportNamedDeclaration(node) {
        if (serverFile) checkExport(node);
      },
      ExportDefaultDeclaration(node) {
        if (serverFile) checkExport(node);
      },
      ExportAllDeclaration(node) {
        if (serverFile) checkExport(node);
      },
      FunctionDeclaration: checkFunction,
      FunctionExpression: checkFunction,
      ArrowFunctionExpression: checkFunction,
    };
  },
};

export const actionsPlugin = { meta: { name: 'actions' }, rules: { 'through-gate': rule } };
