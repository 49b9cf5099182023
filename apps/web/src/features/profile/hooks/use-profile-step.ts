// The profile editor's step on screen (`?step=`), moving between steps, and the focus following the member's own moves.
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PROFILE_SECTIONS, type ProfileSectionId } from '../lib/profile-completeness.ts';
import { sectionElementId } from '../components/profile-section.tsx';

const isStep = (value: string | null): value is ProfileSectionId =>
  (PROFILE_SECTIONS as readonly string[]).includes(value ?? '');

export function useProfileStep() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('step');
  const step: ProfileSectionId = isStep(requested) ? requested : 'photos';
  // Focus follows the member's own moves between steps (not the first render).
  const shouldFocus = useRef(false);
  const goTo = useCallback(
    (next: ProfileSectionId) => {
      shouldFocus.current = true;
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('step', next);
          return updated;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    const element = document.getElementById(sectionElementId(step));
    if (!element) return;
    const isReduced =
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView?.({ behavior: isReduced ? 'auto' : 'smooth', block: 'nearest' });
    element.focus({ preventScroll: true });
  }, [step]);

  return { step, goTo };
}

/** Typed but not saved: the browser asks before the page is left. */
export function useUnsavedWarning(isDirty: boolean) {
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
}
