import { Fragment } from 'react';

/** An address split where a line may break: after the @ and before each dot of the domain, never mid-word. */
export function emailBreakParts(address: string): string[] {
  const at = address.lastIndexOf('@');
  if (at < 0) return [address];
  const domain = address.slice(at + 1).split(/(?=\.)/);
  return [address.slice(0, at + 1), ...domain];
}

/** An e-mail address that wraps at its natural points (<wbr>) in a narrow cell. */
export function EmailAddress({ address }: { address: string }) {
  return (
    <>
      {emailBreakParts(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
