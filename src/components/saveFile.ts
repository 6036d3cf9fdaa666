/** Hands a file to the browser's downloads through a temporary link: a blob we hold, or an address. */
export function saveFile(file: Blob | string, fileName: string): void {
  const href = typeof file === 'string' ? file : URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the object URL by then
  if (typeof file !== 'string') setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
