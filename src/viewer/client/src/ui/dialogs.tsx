/**
 * A confirmation dialog (forgetting is permanent) and short notices. Views call `askConfirm` and
 * `notify`; the hosts rendered once by the app show them.
 */
import { useEffect, useRef, useState } from 'preact/hooks';

export interface ConfirmOptions {
  readonly title: string;
  readonly message: string;
  readonly action: string;
  /** The user must type this text to enable the action (for forgetting a whole project). */
  readonly typeToConfirm?: string;
}

type Pending = ConfirmOptions & { resolve: (ok: boolean) => void };
let showConfirm: ((p: Pending) => void) | undefined;
let showNotice: ((text: string, kind: 'ok' | 'error') => void) | undefined;

export function askConfirm(opts: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => (showConfirm ? showConfirm({ ...opts, resolve }) : resolve(false)));
}

export function notify(text: string, kind: 'ok' | 'error' = 'ok'): void {
  showNotice?.(text, kind);
}

export function ConfirmHost() {
  const [pending, setPending] = useState<Pending>();
  const [typed, setTyped] = useState('');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    showConfirm = (p) => (setTyped(''), setPending(p));
    return () => (showConfirm = undefined);
  }, []);
  useEffect(() => {
    if (pending && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [pending]);
  if (!pending) return null;
  const done = (ok: boolean) => {
    dialog.current?.close();
    pending.resolve(ok);
    setPending(undefined);
  };
  const ready = !pending.typeToConfirm || typed.trim() === pending.typeToConfirm;
  return (
    <dialog ref={dialog} class="confirm" onCancel={(e) => (e.preventDefault(), done(false))} aria-labelledby="confirm-title">
      <form method="dialog" onSubmit={(e) => (e.preventDefault(), ready && done(true))}>
        <h2 id="confirm-title">{pending.title}</h2>
        <p>{pending.message}</p>
        {pending.typeToConfirm ? (
          <label class="type-confirm">
            Type <code>{pending.typeToConfirm}</code> to confirm
            <input autoFocus value={typed} onInput={(e) => setTyped((e.target as HTMLInputElement).value)} spellcheck={false} />
          </label>
        ) : null}
        <div class="actions">
          <button type="button" class="btn" onClick={() => done(false)} autoFocus={!pending.typeToConfirm}>
            Cancel
          </button>
          <button type="submit" class="btn danger" disabled={!ready} data-testid="confirm-action">
            {pending.action}
          </button>
        </div>
      </form>
    </dialog>
  );
}

export function NoticeHost() {
  const [notice, setNotice] = useState<{ text: string; kind: 'ok' | 'error'; n: number }>();
  useEffect(() => {
    showNotice = (text, kind) => setNotice((old) => ({ text, kind, n: (old?.n ?? 0) + 1 }));
    return () => (showNotice = undefined);
  }, []);
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(undefined), 4000);
    return () => clearTimeout(t);
  }, [notice]);
  return notice ? (
    <div class={`notice ${notice.kind}`} role="status" key={notice.n}>
      {notice.text}
    </div>
  ) : null;
}
