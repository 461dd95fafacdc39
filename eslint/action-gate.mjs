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

/** A module of server actions: a domain's actions.ts, by a relative path or the alias. */
const ACTIONS_MODULE = /(^|\/)actions$/;
const READS = new Set(['GET', 'HEAD']);

/** `fetch(url, { method: 'POST' })`: a request that writes (a method other than GET or HEAD). */
function isWritingFetch(node) {
  if (node.callee.type !== 'Identifier' || node.callee.name !== 'fetch') return false;
  const init = node.arguments[1];
  if (!init) return false;
  if (init.type !== 'ObjectExpression') return true;
  const method = init.properties.find((p) => p.type === 'Property' && !p.computed && (p.key.name ?? p.key.value) === 'method');
  if (!method) return false;
  return !(method.value.type === 'Literal' && typeof method.value.value === 'string' && READS.has(method.value.value.toUpperCase()));
}

/**
 * ESLint rule `actions/client-writes-through-submission` (docs/decisions.md "Forms and pending state"): in a
 * client component, every write runs through the one idiom, so its pending state is React's and a second click
 * is dropped, never queued or retried. A server action imported from an actions module is used only inside the
 * work given to `run` of `useSubmission` (components/ui/use-submission.ts), or handed to `useActionState` (a
 * form of plain fields); a `fetch` that writes, the same.
 */
const clientRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A client write runs through useSubmission or useActionState' },
    messages: {
      action: "Run the server action '{{name}}' inside run() of useSubmission (components/ui/use-submission.ts), or post the form to useActionState.",
      fetch: 'Run a writing fetch inside run() of useSubmission (components/ui/use-submission.ts).',
    },
    schema: [],
  },
  create(context) {
    let clientFile = false;
    const actions = new Set();
    const runners = new Set(['useActionState']);

    /** Inside the work given to a runner: an argument (at any depth) of run(…) or useActionState(…). */
    function throughRunner(node) {
      for (const ancestor of context.sourceCode.getAncestors(node)) {
        if (ancestor.type === 'CallExpression' && ancestor.callee.type === 'Identifier' && runners.has(ancestor.callee.name)) return true;
      }
      return false;
    }

    return {
      Program(node) {
        clientFile = prologue(node.body).some((s) => s.directive === 'use client');
        if (!clientFile) return;
        for (const statement of node.body) {
          if (statement.type !== 'ImportDeclaration' || !ACTIONS_MODULE.test(statement.source.value) || statement.importKind === 'type') continue;
          for (const s of statement.specifiers) if (s.importKind !== 'type') actions.add(s.local.name);
        }
      },
      VariableDeclarator(node) {
        // const { run } = useSubmission(…) or const { run: save } = useSubmission(…)
        if (!clientFile || node.init?.type !== 'CallExpression' || node.init.callee.name !== 'useSubmission' || node.id.type !== 'ObjectPattern') return;
        for (const p of node.id.properties) {
          if (p.type === 'Property' && (p.key.name ?? p.key.value) === 'run' && p.value.type === 'Identifier') runners.add(p.value.name);
        }
      },
      Identifier(node) {
        if (!clientFile || !actions.has(node.name)) return;
        const parent = node.parent;
        if (parent.type === 'ImportSpecifier' || parent.type === 'ImportDefaultSpecifier' || parent.type.startsWith('TS')) return;
        if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
        if (parent.type === 'Property' && parent.key === node && !parent.shorthand) return;
        if (!throughRunner(node)) context.report({ node, messageId: 'action', data: { name: node.name } });
      },
      CallExpression(node) {
        if (clientFile && isWritingFetch(node) && !throughRunner(node)) context.report({ node, messageId: 'fetch' });
      },
    };
  },
};

export const actionsPlugin = {
  meta: { name: 'actions' },
  rules: { 'through-gate': rule, 'client-writes-through-submission': clientRule },
};
