import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface AxeScope {
  include?: string;
  exclude?: string;
  rules?: string[];
}

/** The impacts that fail a screen: WCAG says a person cannot use the screen, or only with great difficulty. */
const FAILING = new Set(['critical', 'serious']);

/**
 * The critical and serious axe-core violations on what `page` shows now, one line each (rule, impact, the first
 * elements and axe's summary of what is wrong). `include` narrows the check to a part of the page (a dialog, a menu);
 * `exclude` leaves a part out (a sandboxed frame without scripts, where axe cannot run and waits 30 s for it).
 * Beyond axe's default WCAG 2.x A/AA and best-practice rules, label-content-name-mismatch (WCAG 2.5.3, "label in
 * name", still marked experimental in axe 4.13) is turned on: a button showing "EN" must be named with "EN".
 * `rules` runs only those rules (the colour rules, for a screen already checked with all of them in another theme).
 */
export async function seriousViolations(page: Page, { include, exclude, rules }: AxeScope = {}): Promise<string[]> {
  // legacy mode: axe.run in the page itself, rather than axe.runPartial in each frame then axe.finishRun in a new
  // blank page of the context opened and closed for every check; same rules, but frames of another origin are not
  // checked (the app has none; the row preview's script-less frame is left out anyway). See docs/decisions.md.
  // resultTypes: only the violations get their every element described; the passes and the rest one each (the
  // same rules run, and the answer's violations are whole): about a third less time per check (2026-11-29: 0.6–0.9 s
  // against 1.0–1.2 s on the users and templates screens). options() replaces the options, so it comes first
  let builder = new AxeBuilder({ page }).setLegacyMode();
  builder = rules
    ? builder.options({ resultTypes: ['violations'] }).withRules(rules)
    : builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => FAILING.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} — ${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`)
        .join(' | ');
      return `${violation.id} (${violation.impact}, ${violation.nodes.length}×): ${nodes}`;
    });
}

/** Fails (softly, so that one run lists every screen's problems) when the screen has a critical or serious violation. */
export async function expectNoSeriousViolations(page: Page, name: string, options: AxeScope = {}): Promise<void> {
  expect.soft(await seriousViolations(page, options), `accessibility of ${name}`).toEqual([]);
}
