import { describe, expect, it } from 'vitest';
import { canGenerate, generatorReducer } from './generatorState';

describe('API key generator', () => {
  it('goes INIT → WARN → DONE, and needs the typed word exactly', () => {
    let state = generatorReducer({ step: 'INIT' }, { type: 'ask' });
    expect(state).toEqual({ step: 'WARN', typed: '' });
    state = generatorReducer(state, { type: 'type', text: 'generat' });
    expect(canGenerate(state, 'GENERATE')).toBe(false);
    state = generatorReducer(state, { type: 'type', text: 'GENERATE' });
    expect(canGenerate(state, 'GENERATE')).toBe(true);
    state = generatorReducer(state, { type: 'generated', key: 'lrl_abc' });
    expect(state).toEqual({ step: 'DONE', key: 'lrl_abc' });
    expect(generatorReducer(state, { type: 'close' })).toEqual({ step: 'INIT' });
  });

  it('returns to INIT when the user is not sure', () => {
    expect(generatorReducer({ step: 'WARN', typed: 'GEN' }, { type: 'not_sure' })).toEqual({ step: 'INIT' });
  });

  it('ignores a key that arrives outside WARN', () => {
    expect(generatorReducer({ step: 'INIT' }, { type: 'generated', key: 'x' })).toEqual({ step: 'INIT' });
  });
});
