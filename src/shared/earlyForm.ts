/**
 * A prerendered screen is a plain HTML form until React adopts it, and it works as one: its fields
 * take typing, its lists a choice, and a button pressed is noted, as a form notes the button that
 * submitted it. The entry (main.tsx) holds the form from the first paint: nothing the browser
 * would do by itself (submit, navigate) happens, a press starts React at once, and on the booking
 * screen a room count is answered here, in the page, as React would answer it (answerRoomCount).
 *
 * When React adopts the page (startApp.tsx calls adoptEarlyForm just before hydrating) this lets
 * go, and each control's component, as it mounts, reads what its element shows: its value, and
 * whether it was pressed (tookPress, true once). Nothing is replayed, so nothing is done twice;
 * from then on React answers, as on any page.
 */
let pressed: Element | null = null;
let release: (() => void) | undefined;

/** True once, for the button the guest pressed before React adopted the page. */
export function tookPress(element: Element | null): boolean {
  if (element === null || element !== pressed) return false;
  pressed = null;
  return true;
}

/** A button pressed before React adopted the page is pressed again, once, a task later (when React has drawn what was read then). */
export function pressAgain(button: HTMLElement | null): void {
  if (tookPress(button)) setTimeout(() => button!.click());
}

/** Stops holding the form: React answers from now on. */
export function adoptEarlyForm(): void {
  release?.();
  release = undefined;
}

/**
 * The booking screen's answer to a room count, in the page: the other packages lock (their count
 * and Book disabled, their note shown) and Reset Selection shows; a count of 0 unlocks them all.
 * (The note joins the list's description once React has adopted the page: PackageCard.tsx.) It
 * sets what React renders from the same choice (PackageCard.tsx, BookingPage.tsx), so React,
 * reading that choice once it adopts the page, finds the page as it would have drawn it.
 * test/shared/earlyForm.test.tsx runs this on the booking screen's own markup, so renaming what
 * it looks for fails a unit test, not only the end-to-end ones.
 */
function answerRoomCount(root: HTMLElement, chosen: Element | null): void {
  for (const card of root.querySelectorAll('.package-card')) {
    const select = card.querySelector('select')!;
    // isPackageLocked's rule (selectionSlice.ts), each package known here by its list.
    const locked = chosen !== null && select !== chosen;
    const note = card.querySelector<HTMLElement>('.package-card__lock')!;
    select.disabled = locked;
    card.querySelector('button')!.disabled = locked;
    note.hidden = !locked;
  }
  root.querySelector<HTMLElement>('.booking__reset')!.hidden = chosen === null;
}

/** The booking screen's Room(s) list holding a count (at most one: the others are locked). */
const chosenCount = '.package-card select:has(option:checked:not([value="0"]))';

/** Holds the prerendered page's form (see above); `hurry` starts React at once. */
export function holdEarlyForm(root: HTMLElement, hurry: () => void): void {
  const press = (button: Element | null) => {
    pressed = button;
    hurry();
  };
  const hold = (event: Event) => {
    const target = event.target as Element;
    // A form's own submit would reload the page: the press is kept for React instead.
    if (event.type === 'submit') {
      event.preventDefault();
      return press((event as SubmitEvent).submitter);
    }
    if (event.type === 'change') {
      if (target.matches('.package-card select')) answerRoomCount(root, target.matches(chosenCount) ? target : null);
      // A file chosen (the admin's backup) is read by React, which then comes at once.
      if (target.matches('input[type=file]')) hurry();
      return;
    }
    const button = target.closest('button[type=button]');
    if (!button?.matches('.booking__reset')) return button && press(button);
    // Reset Selection: nothing chosen, and focus stays on the dropdown the guest had used.
    const chosen = root.querySelector<HTMLSelectElement>(chosenCount);
    answerRoomCount(root, null);
    if (chosen) {
      chosen.value = '0';
      chosen.focus();
    }
  };
  // A count chosen before this script ran is answered now.
  const chosen = root.querySelector(chosenCount);
  if (chosen) answerRoomCount(root, chosen);
  const types = ['submit', 'click', 'change'];
  for (const type of types) root.addEventListener(type, hold);
  release = () => {
    for (const type of types) root.removeEventListener(type, hold);
  };
}
