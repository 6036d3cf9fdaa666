import {
  PROFILE_PARAMS,
  PROFILE_PARAM_KEYS,
  storedParam,
  type ProfileParamKey,
  type ProfileTab,
  type ProfileValue,
} from '../../../domain/profileParams';

/** The form's values: one entry per catalogue key, '' or false when nothing is stored. */
export type ProfileValues = Partial<Record<ProfileParamKey, ProfileValue>>;

export function valuesFromIssuer(issuer: Record<string, unknown>, params: Record<string, unknown>): ProfileValues {
  const values: ProfileValues = {};
  for (const key of PROFILE_PARAM_KEYS) {
    const definition = PROFILE_PARAMS[key];
    const raw = definition.identity ? issuer[key] : storedParam(params, key);
    values[key] = definition.type === 'boolean' ? raw === true : typeof raw === 'string' ? raw : '';
  }
  return values;
}

export function fieldsOfTab(tab: ProfileTab): ProfileParamKey[] {
  return PROFILE_PARAM_KEYS.filter((key) => PROFILE_PARAMS[key].tab === tab);
}

/** The keys whose value differs from the loaded one (the fields flagged as modified). */
export function modifiedKeys(loaded: ProfileValues, current: ProfileValues): ProfileParamKey[] {
  return PROFILE_PARAM_KEYS.filter((key) => (loaded[key] ?? '') !== (current[key] ?? ''));
}

/**
 * The values after the profile is read again (after a save, another tab's change or a new identity): the fresh
 * stored values, except the fields the user has modified since the previous read, which keep what was typed.
 */
export function reloadedValues(previous: ProfileValues, current: ProfileValues, fresh: ProfileValues): ProfileValues {
  const values = { ...fresh };
  for (const key of modifiedKeys(previous, current)) values[key] = current[key];
  return values;
}

/**
 * The changes in the params' stored shape for PUT /api/issuer/config: grouped keys nest (sender.email →
 * { sender: { email } }) and an emptied text becomes null, which removes it.
 */
export function paramsPayload(current: ProfileValues, keys: readonly ProfileParamKey[]): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const key of keys) {
    const value = current[key];
    const sent = typeof value === 'string' && value.trim() === '' ? null : (value ?? null);
    const [group, member] = key.split('.');
    if (member === undefined) payload[group] = sent;
    else payload[group] = { ...(payload[group] as Record<string, unknown> | undefined), [member]: sent };
  }
  return payload;
}
