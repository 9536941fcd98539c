import type { ReactNode } from 'react';
import { pendingMark } from '../domain/pageMarks';
import { marked } from './ui/marked';

interface PendingProps {
  /** True while the data is not read yet: in the page the build prerendered, and while React adopts it. */
  when: boolean;
  /** Block content (a plain div lays it out as before) rather than text in a line. */
  block?: boolean;
  /**
   * Content the data does not change but may move (a panel below a list): seen, unless this
   * browser holds data to come, which main.tsx marks on the page (data-filling).
   */
  movable?: boolean;
  /**
   * With movable: the wrapper stays once the data is in (only its marks go), so React does not
   * draw the content afresh then, and what the guest did in it before React (earlyForm.ts: a
   * press, a chosen file) is still there for it to read.
   */
  keepWrapper?: boolean;
  children: ReactNode;
}

/**
 * A part of a prerendered screen that waits for the guest's stored data. What the data will say
 * (a count, "none found", a booking's values) keeps its place at its exact size, so nothing moves
 * when it shows, but is neither seen nor read out: the page never claims anything about data it
 * has not read. main.tsx lets nothing below the screen in before the page holds no such part
 * (data-pending).
 */
export function Pending({ when, block = false, movable = false, keepWrapper = false, children }: PendingProps) {
  const Wrapper = block ? 'div' : 'span';
  if (movable && keepWrapper)
    return (
      <Wrapper className={when ? 'pending-movable' : undefined} {...(when ? marked(pendingMark) : {})}>
        {children}
      </Wrapper>
    );
  if (!when) return children;
  if (movable)
    return (
      <Wrapper className="pending-movable" {...marked(pendingMark)}>
        {children}
      </Wrapper>
    );
  return (
    <Wrapper className="pending" {...marked(pendingMark)} aria-hidden="true">
      {children}
    </Wrapper>
  );
}
