import ImageIcon from '@mui/icons-material/ImageOutlined';
import { Autocomplete, Box, Button, Chip, FormHelperText, TextField, Typography } from '@mui/material';
import { memo, useId, useState, type ChangeEvent, type Dispatch } from 'react';
import { useTranslate } from 'react-admin';
import {
  BADGE_LIMITS,
  BADGE_TAG_LIMITS,
  characterCount,
  PARTNER_TAGS_MAX_LENGTH,
  REGISTRY_LIMITS,
} from '../../../../domain/templateRules/badgeLimits';
import { cleanTags } from '../../../../domain/templateRules/inputCleaning';
import {
  acceptAttribute,
  checkLogoUpload,
  imageTypeOfMime,
  LOGO_SIZE_HINT,
  LOGO_TYPES,
  sniffImageType,
  UPLOAD_ERRORS,
  UPLOAD_MAX_BYTES,
  type LogoKind,
  type UploadError,
} from '../../../../domain/templateRules/images';
import type { EditorAction, EditorState, LogoSlot, LogoValue } from './editorModel';
import type { FieldKind, FieldSpec } from './fieldLayout';
import { markdownToSafeHtml } from './markdown';
import { logoSource } from './previewView';
import { LibraryLogoButton } from '../../badge-images/LibraryLogoButton';
import { MAX_TECHNICAL_FIELD_LENGTH, MAX_TECHNICAL_FIELDS } from '../../../../domain/templateRules/technicalFields';
import { FileButton } from '../../../components/FileButton';

/** The character limit of a single-value field, when it has one. */
export function fieldLimit(field: string): number | undefined {
  return (BADGE_LIMITS as Record<string, number>)[field] ?? (REGISTRY_LIMITS as Record<string, number>)[field];
}

/** An error code as a sentence: limits with their number, upload errors with their own message. */
export function useErrorText(): (code: string, field: string) => string {
  const translate = useTranslate();
  return (code, field) => {
    if (code.startsWith('editBadge.')) return translate(`editor.${code}`, { max: UPLOAD_MAX_BYTES / 1024 });
    if (field === 'technicalFields') {
      return translate(`editor.parameters.technical_errors.${code}`, {
        max: code === 'too_many' ? MAX_TECHNICAL_FIELDS : MAX_TECHNICAL_FIELD_LENGTH,
        _: translate('editor.errors.invalid'),
      });
    }
    if (code === 'too_long') {
      if (field === 'skills') return translate('editor.errors.tag_too_long', { max: BADGE_TAG_LIMITS.skills });
      if (field === 'otherpartners') {
        return translate('editor.errors.tags_too_long', {
          max: BADGE_TAG_LIMITS.otherpartners,
          total: PARTNER_TAGS_MAX_LENGTH,
        });
      }
      const max = fieldLimit(field);
      if (max !== undefined) return translate('editor.errors.too_long', { max });
    }
    return translate(`editor.errors.${code}`, { _: translate('editor.errors.invalid') });
  };
}

function Counter({ value, max }: { value: string; max: number }) {
  const count = characterCount(value);
  return (
    <Box component="span" sx={{ ml: 'auto', pl: 1, flex: 'none', color: count > max ? 'error.main' : undefined }}>
      {count} / {max}
    </Box>
  );
}

function Helper({ text, value, max }: { text?: string; value: string; max?: number }) {
  if (!text && max === undefined) return null;
  return (
    <Box component="span" sx={{ display: 'flex' }}>
      <span>{text}</span>
      {max !== undefined && <Counter value={value} max={max} />}
    </Box>
  );
}

interface FieldProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  language: string;
  spec: FieldSpec;
  /** the page's own text for an empty caption, in the content's language */
  defaultCaption?: string;
}

function fieldError(state: EditorState, language: string, field: string): string | undefined {
  return state.errors[`content.${language}.${field}`];
}

function TextInput({ state, dispatch, language, spec, defaultCaption, kind }: FieldProps & { kind: FieldKind }) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const value = state.content[language]?.[spec.field] ?? '';
  const error = fieldError(state, language, spec.field);
  const max = fieldLimit(spec.field);
  const hint =
    kind === 'caption' && defaultCaption
      ? translate('editor.caption_hint', { text: defaultCaption })
      : spec.field === 'issuer'
        ? translate('editor.issuer_hint', { name: state.issuerName })
        : undefined;
  return (
    <TextField
      fullWidth
      size="small"
      label={translate(`editor.fields.${spec.field}`)}
      required={spec.required}
      multiline={kind === 'textarea'}
      minRows={kind === 'textarea' ? 3 : undefined}
      value={value}
      placeholder={kind === 'caption' ? defaultCaption : undefined}
      error={error !== undefined}
      helperText={<Helper text={error ? errorText(error, spec.field) : hint} value={value} max={max} />}
      onChange={(event) => dispatch({ type: 'setField', language, field: spec.field, value: event.target.value })}
      onBlur={() => dispatch({ type: 'cleanField', language, field: spec.field })}
      slotProps={{ inputLabel: kind === 'caption' ? { shrink: true } : undefined }}
    />
  );
}

function MarkdownInput({ state, dispatch, language, spec }: FieldProps) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const value = state.content[language]?.[spec.field] ?? '';
  const error = fieldError(state, language, spec.field);
  const max = fieldLimit(spec.field);
  const previewId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TextField
        fullWidth
        multiline
        size="small"
        minRows={5}
        label={translate(`editor.fields.${spec.field}`)}
        value={value}
        error={error !== undefined}
        helperText={
          <Helper
            text={error ? errorText(error, spec.field) : translate('editor.markdown_hint')}
            value={value}
            max={max}
          />
        }
        onChange={(event) => dispatch({ type: 'setField', language, field: spec.field, value: event.target.value })}
        onBlur={() => dispatch({ type: 'cleanField', language, field: spec.field })}
        slotProps={{ htmlInput: { 'aria-describedby': previewId } }}
      />
      <Box
        id={previewId}
        aria-label={translate('editor.markdown_preview')}
        role="region"
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 2,
          py: 1.5,
          bgcolor: 'action.hover',
          minHeight: 56,
          overflowWrap: 'anywhere',
          '& p, & ul, & ol': { mt: 0, mb: 1 },
          '& h3': { fontSize: '1rem', mt: 1, mb: 0.5 },
        }}
      >
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {translate('editor.markdown_preview')}
        </Typography>
        {value.trim() ? (
          <Typography variant="body2" component="div" dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(value) }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('editor.markdown_empty')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function TagsInput({ state, dispatch, language, spec }: FieldProps) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [input, setInput] = useState('');
  const tags = cleanTags(state.content[language]?.[spec.field]).tags;
  const error = fieldError(state, language, spec.field);
  const tagMax = (BADGE_TAG_LIMITS as Record<string, number>)[spec.field];
  const commit = (next: string[]) => {
    dispatch({ type: 'setField', language, field: spec.field, value: cleanTags(next.join(',')).value });
  };
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={tags}
      inputValue={input}
      onChange={(_, next) => {
        commit(next);
        setInput('');
      }}
      onInputChange={(_, typed, reason) => {
        if (reason === 'reset') return setInput('');
        // A comma or a semicolon ends a tag (spec 001 section 5: semicolons count as commas).
        if (/[,;]/.test(typed)) {
          const parts = typed.split(/[,;]/);
          const rest = parts.pop() ?? '';
          commit([...tags, ...parts]);
          setInput(rest);
        } else setInput(typed);
      }}
      renderValue={(values, getItemProps) =>
        values.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const tooLong = tagMax !== undefined && characterCount(tag) > tagMax;
          return <Chip key={key} size="small" label={tag} color={tooLong ? 'error' : 'default'} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={translate(`editor.fields.${spec.field}`)}
          error={error !== undefined}
          helperText={error ? errorText(error, spec.field) : translate('editor.tags_hint', { max: tagMax ?? 0 })}
        />
      )}
    />
  );
}

const LOGO_KINDS: Record<LogoSlot, LogoKind> = {
  badge_logo: 'badgeLogo',
  partner_logo: 'partnerLogo',
  issuer_logo: 'issuerLogo',
};

const TYPE_NAMES = { png: 'PNG', jpeg: 'JPG', svg: 'SVG' } as const;

/**
 * The editors' check of a chosen image: the type the browser reports and the size (checkLogoUpload), then
 * the content's own type, so that a renamed file is refused before it is sent.
 */
export async function checkChosenLogo(kind: LogoKind, file: File): Promise<UploadError | null> {
  const declared = checkLogoUpload(kind, file);
  if (declared) return declared;
  const head = new Uint8Array(await file.slice(0, 16 * 1024).arrayBuffer());
  return sniffImageType(head) === imageTypeOfMime(file.type) ? null : UPLOAD_ERRORS.badType;
}

export function LogoInput({
  kind,
  label,
  logo,
  required,
  error,
  shared,
  onChange,
}: {
  kind: LogoKind;
  label: string;
  logo: LogoValue;
  required?: boolean;
  /** an error code (missing, an upload error, a server error) */
  error?: string;
  /** the logo is the same in every language */
  shared?: boolean;
  onChange: (logo: LogoValue) => void;
}) {
  const translate = useTranslate();
  const errorText = useErrorText();
  const [uploadError, setUploadError] = useState<UploadError | null>(null);
  const helperId = useId();
  const source = logoSource(logo);
  const types = LOGO_TYPES[kind].map((type) => TYPE_NAMES[type]).join(', ');
  const shownError = uploadError ?? error;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = await checkChosenLogo(kind, file);
    setUploadError(problem);
    if (!problem) onChange({ kind: 'file', file });
  };

  return (
    <Box role="group" aria-labelledby={`${helperId}-label`}>
      <Typography id={`${helperId}-label`} variant="subtitle2" component="p" sx={{ mb: 1 }}>
        {label}
        {required && ' *'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 72,
            height: 72,
            flex: 'none',
            borderRadius: 1,
            border: 1,
            borderColor: shownError ? 'error.main' : 'divider',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            bgcolor: 'background.default',
          }}
        >
          {source ? (
            <Box
              component="img"
              src={source}
              alt=""
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <ImageIcon color="disabled" />
          )}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" noWrap>
            {logo?.kind === 'file'
              ? logo.file.name
              : logo
                ? translate('editor.logo.current')
                : translate('editor.logo.none')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
            <FileButton
              size="small"
              variant="outlined"
              inputProps={{ accept: acceptAttribute(kind), 'aria-label': label, 'aria-describedby': helperId }}
              onFiles={(event) => void choose(event)}
            >
              {translate(logo ? 'editor.logo.replace' : 'editor.logo.choose')}
            </FileButton>
            {kind === 'badgeLogo' && (
              <LibraryLogoButton
                onPick={(file) => {
                  setUploadError(null);
                  onChange({ kind: 'file', file });
                }}
              />
            )}
            {logo && (
              <Button
                size="small"
                color="inherit"
                onClick={() => {
                  setUploadError(null);
                  onChange(null);
                }}
              >
                {translate('editor.logo.remove')}
              </Button>
            )}
          </Box>
        </Box>
      </Box>
      <FormHelperText id={helperId} error={shownError !== undefined && shownError !== null}>
        {shownError
          ? errorText(shownError, 'logo')
          : translate(shared ? 'editor.logo.hint_shared' : 'editor.logo.hint', {
              types,
              size: LOGO_SIZE_HINT,
              max: UPLOAD_MAX_BYTES / 1024,
            })}
      </FormHelperText>
    </Box>
  );
}

type ContentFieldProps = FieldProps & { logoKind?: LogoKind };

/**
 * Whether a field shows the same thing in both states: its value, its errors, the logos, the issuer's name.
 * A data step holds some thirty fields; each keystroke then redraws one of them, not all.
 */
function sameField(a: ContentFieldProps, b: ContentFieldProps): boolean {
  const { field } = a.spec;
  const error = (props: ContentFieldProps) => props.state.errors[`content.${props.language}.${field}`];
  return (
    a.spec === b.spec &&
    a.language === b.language &&
    a.dispatch === b.dispatch &&
    a.defaultCaption === b.defaultCaption &&
    a.logoKind === b.logoKind &&
    a.state.content[a.language]?.[field] === b.state.content[b.language]?.[field] &&
    error(a) === error(b) &&
    a.state.errors.partnerLogo === b.state.errors.partnerLogo &&
    a.state.errors.issuerLogo === b.state.errors.issuerLogo &&
    a.state.badgeLogos[a.language] === b.state.badgeLogos[b.language] &&
    a.state.partnerLogo === b.state.partnerLogo &&
    a.state.issuerLogo === b.state.issuerLogo &&
    a.state.languages.length === b.state.languages.length &&
    a.state.issuerName === b.state.issuerName
  );
}

/** One content field of a data step, drawn by its kind. */
export const ContentField = memo(function ContentField(props: ContentFieldProps) {
  const translate = useTranslate();
  const { state, dispatch, language, spec } = props;
  switch (spec.kind) {
    case 'markdown':
      return <MarkdownInput {...props} />;
    case 'tags':
      return <TagsInput {...props} />;
    case 'logo': {
      const slot = spec.field as LogoSlot;
      const logo =
        slot === 'badge_logo'
          ? (state.badgeLogos[language] ?? null)
          : slot === 'partner_logo'
            ? state.partnerLogo
            : state.issuerLogo;
      const errorPath =
        slot === 'badge_logo'
          ? `content.${language}.badge_logo`
          : slot === 'partner_logo'
            ? 'partnerLogo'
            : 'issuerLogo';
      return (
        <LogoInput
          kind={props.logoKind ?? LOGO_KINDS[slot]}
          label={translate(`editor.fields.${spec.field}`)}
          logo={logo}
          required={spec.required}
          error={state.errors[errorPath]}
          shared={slot !== 'badge_logo' && state.languages.length > 1}
          onChange={(next) => dispatch({ type: 'setLogo', slot, language, logo: next })}
        />
      );
    }
    default:
      return <TextInput {...props} kind={spec.kind} />;
  }
}, sameField);
