import userEvent from '@testing-library/user-event';

type User = Pick<ReturnType<typeof userEvent.setup>, 'click' | 'paste'>;

/**
 * Puts a text into a field the way a paste does: a click on the field, then one input event for the whole text where
 * `userEvent.type` sends one per key (and each key redraws a react-admin form in jsdom: seconds per word on a busy
 * machine). For tests that check what a field's value does, not how it is typed; the text goes at the cursor, which
 * the click leaves at the end of what the field holds, as `userEvent.type` does.
 */
export async function pasteInto(field: Element, text: string, user: User = userEvent): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
