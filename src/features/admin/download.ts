/** Offers text to the browser as a file download, without a server. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** hotel-bookings-2026-05-01.csv: sortable, and says what and when. */
export function datedFileName(stem: string, extension: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${stem}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${extension}`;
}
