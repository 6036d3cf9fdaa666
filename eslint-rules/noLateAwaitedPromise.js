// @ts-check
/**
 * laurel/no-late-awaited-promise (issue 27): a promise kept in a variable, a property or an array must be used
 * (awaited, returned, passed on, given a handler) before the function reaches another await. Otherwise, when it
 * rejects while the function waits on the other one, nobody handles it: Node emits an unhandledRejection, which
 * ends the process. That is how the report's counters (reportRows: `const counters = reportCounters(…)` then
 * `await campaignTemplate(…)`) stopped the server while PostgreSQL restarted.
 *
 * The check follows ESLint's code paths (branches, early returns, loops) from where the promise is stored: on
 * every path, the first use of the variable must come before the first suspension (an `await`, or the next
 * step of a `for await`). A use is any reading of it, in an expression or in a function created there.
 * Promises that cannot reject unhandled are not followed: `.catch(…)`, `.then(…, onRejected)`,
 * `Promise.allSettled(…)`, `Promise.resolve(<not a promise>)`.
 */

/** @typedef {import('estree').Node} Node */
/** @typedef {import('eslint').Rule.CodePathSegment} Segment */
/** @typedef {{ kind: 'use', node: Node } | { kind: 'suspend', node: Node } | { kind: 'store', store: Store }} PathEvent */
/** @typedef {{ node: Node, name: string, accumulates: boolean, isUse: (node: Node) => boolean }} Store */

/**
 * @param {import('typescript').TypeChecker} checker
 * @param {import('typescript').Type} type
 * @param {import('typescript').Node} at
 * @returns {boolean}
 */
function isThenable(checker, type, at) {
  if (type.isUnion()) return type.types.some((part) => isThenable(checker, part, at));
  // a promise has `then` and `catch`; a mere PromiseLike (a Fastify instance, awaited for its readiness) starts
  // nothing that could reject unseen
  return ['then', 'catch'].every((name) => {
    const method = type.getProperty(name);
    if (!method) return false;
    const methodType = checker.getTypeOfSymbolAtLocation(method, at);
    const parts = methodType.isUnion() ? methodType.types : [methodType];
    return parts.some((part) => part.getCallSignatures().length > 0);
  });
}

/**
 * A promise, or an array or tuple of promises.
 * @param {import('typescript').TypeChecker} checker
 * @param {import('typescript').Type} type
 * @param {import('typescript').Node} at
 * @returns {boolean}
 */
function holdsPromise(checker, type, at) {
  if (type.isUnion()) return type.types.some((part) => holdsPromise(checker, part, at));
  if (isThenable(checker, type, at)) return true;
  if (checker.isArrayType(type) || checker.isTupleType(type))
    return checker
      .getTypeArguments(/** @type {import('typescript').TypeReference} */ (type))
      .some((element) => isThenable(checker, element, at));
  return false;
}

/** @param {Node} node @param {string} name */
function isMethodCall(node, name) {
  return (
    node.type === 'CallExpression' &&
    node.callee.type === 'MemberExpression' &&
    !node.callee.computed &&
    node.callee.property.type === 'Identifier' &&
    node.callee.property.name === name
  );
}

/** @type {import('eslint').Rule.RuleModule} */
export const noLateAwaitedPromise = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A promise kept in a variable, property or array is used before the next await (else its rejection goes unhandled)',
    },
    schema: [],
    messages: {
      late:
        "'{{name}}' holds a promise that is not used before the await on line {{line}}: if it rejects meanwhile, " +
        'nobody handles it (an unhandledRejection ends the process). Start the work together (Promise.all / ' +
        'allSettled) or in order.',
    },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const services = sourceCode.parserServices;
    if (!services?.program) throw new Error('laurel/no-late-awaited-promise needs type information (projectService)');
    const checker = services.program.getTypeChecker();
    const tsNodes = services.esTreeNodeToTSNodeMap;

    /** @param {Node} node */
    const holdsPromiseNode = (node) => {
      const tsNode = tsNodes.get(node);
      return holdsPromise(checker, checker.getTypeAtLocation(tsNode), tsNode);
    };

    /**
     * The expression cannot reject unhandled (every branch of a conditional).
     * @param {Node} node
     * @returns {boolean}
     */
    const handled = (node) => {
      if (node.type === 'ConditionalExpression') return handled(node.consequent) && handled(node.alternate);
      if (node.type === 'Identifier') return givenHandler(node);
      if (neverRejects(node)) return true;
      if (node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression') return false;
      if (handlerCall(node)) return true;
      const promiseStatic = node.callee.object.type === 'Identifier' && node.callee.object.name === 'Promise';
      if (promiseStatic && isMethodCall(node, 'allSettled')) return true;
      return (
        promiseStatic &&
        isMethodCall(node, 'resolve') &&
        (node.arguments.length === 0 || !holdsPromiseNode(/** @type {Node} */ (node.arguments[0])))
      );
    };

    /**
     * `new Promise((resolve) => …)`: an executor that takes no reject function only settles by resolving (a throw in
     * it rejects at once, before anything else can run, and is the executor's own bug).
     * @param {Node} node
     */
    const neverRejects = (node) =>
      node.type === 'NewExpression' &&
      node.callee.type === 'Identifier' &&
      node.callee.name === 'Promise' &&
      node.arguments.length === 1 &&
      (node.arguments[0].type === 'ArrowFunctionExpression' || node.arguments[0].type === 'FunctionExpression') &&
      node.arguments[0].params.length < 2;

    /** @param {Node} node */
    const handlerCall = (node) =>
      isMethodCall(node, 'catch') ||
      (isMethodCall(node, 'then') && node.type === 'CallExpression' && node.arguments.length >= 2);
    /**
     * A variable given a rejection handler before `node` reads it (`kept.catch(…)`, then `list.push(kept)`).
     * @param {import('estree').Identifier} node
     */
    const givenHandler = (node) => {
      const variable = sourceCode.getScope(node).references.find((ref) => ref.identifier === node)?.resolved;
      return Boolean(
        variable?.references.some((reference) => {
          /** @type {any} */
          const identifier = reference.identifier;
          const member = identifier.parent;
          return (
            identifier.range[1] <= /** @type {[number, number]} */ (node.range)[0] &&
            member?.type === 'MemberExpression' &&
            member.object === identifier &&
            member.parent?.type === 'CallExpression' &&
            member.parent.callee === member &&
            handlerCall(member.parent)
          );
        }),
      );
    };

    /** @type {{ segments: Set<Segment> }[]} */
    const paths = [];
    /** @type {Map<Segment, PathEvent[]>} */
    const events = new Map();
    /** @type {Store[]} */
    const stores = [];

    /** @param {{ segments: Set<Segment> }} path @param {PathEvent} event */
    const record = (path, event) => {
      for (const segment of path.segments) {
        let list = events.get(segment);
        if (!list) events.set(segment, (list = []));
        list.push(event);
      }
    };
    /** @param {PathEvent} event */
    const recordHere = (event) => {
      const path = paths[paths.length - 1];
      if (path) record(path, event);
    };
    /** @param {Store} store */
    const addStore = (store) => {
      stores.push(store);
      recordHere({ kind: 'store', store });
    };

    /** @param {import('eslint').Scope.Variable} variable @param {Node} node @param {boolean} accumulates */
    const variableStore = (variable, node, accumulates) => {
      const uses = new Set(variable.references.map((reference) => /** @type {Node} */ (reference.identifier)));
      return { node, name: variable.name, accumulates, isUse: (/** @type {Node} */ use) => uses.has(use) };
    };
    /** @param {Node} target the variable or property written @param {Node} node @param {boolean} accumulates @param {Node} [except] */
    const targetStore = (target, node, accumulates, except) => {
      if (target.type === 'Identifier') {
        const reference = sourceCode.getScope(target).references.find((ref) => ref.identifier === target);
        const variable = reference?.resolved;
        if (!variable) return undefined;
        const store = variableStore(variable, node, accumulates);
        return { ...store, isUse: (/** @type {Node} */ use) => use !== except && store.isUse(use) };
      }
      if (target.type === 'MemberExpression') {
        const text = sourceCode.getText(target);
        return {
          node,
          name: text,
          accumulates,
          isUse: (/** @type {Node} */ use) =>
            use !== except && use.type === 'MemberExpression' && sourceCode.getText(use) === text,
        };
      }
      return undefined;
    };

    /** The first suspension on some path from the store before a use, if any. @param {Store} store */
    const lateSuspension = (store) => {
      /** @type {Set<Segment>} */
      const seen = new Set();
      /** @type {{ segment: Segment, from: number }[]} */
      const queue = [];
      for (const [segment, list] of events) {
        const at = list.findIndex((event) => event.kind === 'store' && event.store === store);
        if (at >= 0) queue.push({ segment, from: at + 1 });
      }
      while (queue.length > 0) {
        const { segment, from } = /** @type {{ segment: Segment, from: number }} */ (queue.shift());
        const list = events.get(segment) ?? [];
        let open = true;
        for (let i = from; i < list.length && open; i++) {
          const event = list[i];
          if (event.kind === 'use' && store.isUse(event.node)) open = false;
          else if (event.kind === 'suspend') return event.node;
          else if (event.kind === 'store' && event.store === store && !store.accumulates) open = false;
        }
        if (!open) continue;
        for (const next of segment.nextSegments) {
          if (seen.has(next)) continue;
          seen.add(next);
          queue.push({ segment: next, from: 0 });
        }
      }
      return undefined;
    };

    return {
      onCodePathStart() {
        paths.push({ segments: new Set() });
      },
      onCodePathEnd() {
        paths.pop();
      },
      onCodePathSegmentStart(segment) {
        paths[paths.length - 1].segments.add(segment);
      },
      onCodePathSegmentEnd(segment) {
        paths[paths.length - 1].segments.delete(segment);
      },
      onUnreachableCodePathSegmentStart(segment) {
        paths[paths.length - 1].segments.add(segment);
      },
      onUnreachableCodePathSegmentEnd(segment) {
        paths[paths.length - 1].segments.delete(segment);
      },
      // a use counts where it is read, and, from a function created meanwhile, where that function is created
      'Identifier, MemberExpression'(/** @type {Node} */ node) {
        for (const path of paths) record(path, { kind: 'use', node });
      },
      'AwaitExpression:exit'(/** @type {Node} */ node) {
        recordHere({ kind: 'suspend', node });
      },
      'ForOfStatement[await=true] > .left'(/** @type {Node} */ node) {
        recordHere({ kind: 'suspend', node });
      },
      'VariableDeclarator:exit'(/** @type {import('estree').VariableDeclarator} */ node) {
        // an empty array holds no promise yet: what is pushed into it is followed from there
        if (!node.init || (node.init.type === 'ArrayExpression' && node.init.elements.length === 0)) return;
        if (node.id.type === 'Identifier' && handled(node.init)) return;
        for (const variable of sourceCode.getDeclaredVariables(node)) {
          const identifier = variable.identifiers[0];
          if (identifier && holdsPromiseNode(identifier)) addStore(variableStore(variable, node, false));
        }
      },
      'AssignmentExpression:exit'(/** @type {import('estree').AssignmentExpression} */ node) {
        if (node.operator !== '=' || handled(node.right) || !holdsPromiseNode(node.right)) return;
        const store = targetStore(node.left, node, false);
        if (store) addStore(store);
      },
      'CallExpression:exit'(/** @type {import('estree').CallExpression} */ node) {
        if (!(isMethodCall(node, 'push') || isMethodCall(node, 'unshift'))) return;
        const callee = /** @type {import('estree').MemberExpression} */ (node.callee);
        const stored = node.arguments.filter(
          (argument) => argument.type !== 'SpreadElement' && !handled(argument) && holdsPromiseNode(argument),
        );
        if (stored.length === 0) return;
        const store = targetStore(callee.object, node, true, callee.object);
        if (store) addStore(store);
      },
      'Program:exit'() {
        for (const store of stores) {
          const suspension = lateSuspension(store);
          if (suspension)
            context.report({
              node: store.node,
              messageId: 'late',
              data: { name: store.name, line: String(suspension.loc?.start.line) },
            });
        }
      },
    };
  },
};

export default {
  meta: { name: 'laurel' },
  rules: { 'no-late-awaited-promise': noLateAwaitedPromise },
};
