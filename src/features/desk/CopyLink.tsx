import { useId, useRef, useState } from 'react';

/**
 * A link to give a guest (issue 37: a phone booking's payment link), shown in full so it can be
 * read out, with a Copy button. The clipboard API needs a secure page (HTTPS or localhost); on the
 * hotel's own plain-HTTP network the text is selected and copied the older way.
 */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();

  async function copy() {
    try {
      if (navigator.clipboard) await navigator.clipboard.writeText(url);
      else {
        field.current?.select();
        if (!document.execCommand('copy')) throw new Error('not copied');
      }
      setCopied('yes');
    } catch {
      field.current?.select();
      setCopied('no');
    }
  }

  return (
    <div className="copy-link">
      <label htmlFor={id}>{label}</label>
      <div className="copy-link__row">
        <input id={id} ref={field} className="input copy-link__url" readOnly value={url} onFocus={(event) => event.target.select()} />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <span role="status" className="copy-link__status">
        {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Selected: press Ctrl+C (or ⌘C) to copy.' : ''}
      </span>
    </div>
  );
}
