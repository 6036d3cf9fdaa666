import type { ApiKeyGeneratorState } from '../../../domain/apiKeys';

export type GeneratorEvent =
  | { type: 'ask' }
  | { type: 'type'; text: string }
  | { type: 'not_sure' }
  | { type: 'generated'; key: string }
  | { type: 'close' };

/**
 * INIT → WARN (the user types the localized word to enable Generate; "not sure" returns) → DONE (the key,
 * shown once). Closing DONE forgets the key.
 */
export function generatorReducer(state: ApiKeyGeneratorState, event: GeneratorEvent): ApiKeyGeneratorState {
  switch (event.type) {
    case 'ask':
      return state.step === 'INIT' ? { step: 'WARN', typed: '' } : state;
    case 'type':
      return state.step === 'WARN' ? { step: 'WARN', typed: event.text } : state;
    case 'not_sure':
    case 'close':
      return { step: 'INIT' };
    case 'generated':
      return state.step === 'WARN' ? { step: 'DONE', key: event.key } : state;
  }
}

export function canGenerate(state: ApiKeyGeneratorState, word: string): boolean {
  return state.step === 'WARN' && state.typed.trim() === word;
}
