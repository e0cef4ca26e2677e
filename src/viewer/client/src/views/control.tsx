/** Control: the settings in force, export, and forgetting (an observation, a session, a project). */
import { useState } from 'preact/hooks';
import type { ForgetResponse, MetaResponse, SettingsResponse, StatsResponse } from '../../../api-types.ts';
import { postJson } from '../api.ts';
import { bytes, count, duration, projectName } from '../format.ts';
import { ErrorNote, Spinner } from '../ui/common.tsx';
import { askConfirm, notify } from '../ui/dialogs.tsx';
import { useApi } from '../ui/hooks.ts';

function Row({ k, v }: { k: string; v: string }) {
  return (
    <>
      <dt>{k}</dt>
      <dd>{v}</dd>
    </>
  );
}

export function Control({ meta, onChanged }: { meta: MetaResponse | undefined; onChanged: () => void }) {
  const settings = useApi<SettingsResponse>('settings', {}, '');
  const stats = useApi<StatsResponse>('stats', {}, '');
  const [obsId, setObsId] = useState('');
  const [sessionId, setSessionId] = useState('');
  const [project, setProject] = useState('');
  const s = settings.data;

  const forget = async (what: { ids?: number[]; sessionId?: number; project?: string }, title: string, message: string, typeToConfirm?: string) => {
    if (!(await askConfirm({ title, message, action: 'Forget', ...(typeToConfirm ? { typeToConfirm } : {}) }))) return;
    try {
      const r = await postJson<ForgetResponse>('forget', what);
      notify(`Forgot ${count(r.removed)} observation${r.removed === 1 ? '' : 's'}.`);
      stats.reload();
      onChanged();
    } catch (err) {
      notify(`Could not forget: ${(err as Error).message}`, 'error');
    }
  };

  return (
    <section class="view control" aria-label="Control">
      <div class="view-head">
        <h1>Control</h1>
      </div>
      <div class="two-col">
        <div class="panel">
          <h2>Settings in force</h2>
          {settings.error ? <ErrorNote message={settings.error} /> : null}
          {!s ? (
            <Spinner />
          ) : (
            <dl class="fields settings">
              <Row k="version" v={s.version} />
              <Row k="data directory" v={s.dataDir} />
              <Row k="database" v={`${s.dbPath}${stats.data ? ` · ${bytes(stats.data.dbBytes)}` : ''}`} />
              <Row k="summarizer" v={`${s.summarizer.provider}${s.summarizer.model ? ` · ${s.summarizer.model}` : ''}${s.summarizer.provider !== 'heuristic' ? ` · ${s.summarizer.timeoutMs / 1000} s timeout` : ''}`} />
              <Row k="injection budget" v={`${count(s.contextBudget)} characters from the newest ${count(s.contextWindow)} observations`} />
              <Row k="kept per call" v={`input ${count(s.maxInputChars)} · output ${count(s.maxOutputChars)} characters`} />
              <Row k="hook deadline" v={`${count(s.hookTimeoutMs)} ms · waits ${count(s.busyTimeoutMs)} ms on a locked database`} />
              <Row k="abandoned after" v={duration(s.abandonAfterMs)} />
              <Row k="viewer" v={`${s.viewer.url} · refresh every ${s.viewer.pollMs} ms`} />
            </dl>
          )}
          <p class="muted">Change settings with MNEMO_* environment variables or config.json in the data directory.</p>
        </div>
        <div class="panel">
          <h2>Export</h2>
          <p>Every session and observation as JSON Lines, the same format as <code>mnemo export</code>.</p>
          <a class="btn" href="/api/export" download data-testid="export">
            Download export
          </a>
          {stats.data ? (
            <p class="muted">
              {count(stats.data.observations)} observations · {count(stats.data.sessions)} sessions · {count(stats.data.projects)} projects
            </p>
          ) : null}

          <h2>Forget</h2>
          <p class="muted">Deleted rows are gone for good (export first if unsure).</p>
          <form
            class="forget-form"
            onSubmit={(e) => {
              e.preventDefault();
              const id = Number(obsId.replace(/^#/, ''));
              if (Number.isSafeInteger(id) && id > 0) void forget({ ids: [id] }, `Forget observation #${id}?`, 'It is deleted with its index entries and events.');
            }}
          >
            <label>
              Observation
              <input inputMode="numeric" placeholder="#id" value={obsId} onInput={(e) => setObsId((e.target as HTMLInputElement).value)} />
            </label>
            <button class="btn danger-outline" type="submit">
              Forget…
            </button>
          </form>
          <form
            class="forget-form"
            onSubmit={(e) => {
              e.preventDefault();
              const id = Number(sessionId);
              if (Number.isSafeInteger(id) && id > 0) void forget({ sessionId: id }, `Forget session ${id}?`, 'Every observation of the session and its summary are deleted.');
            }}
          >
            <label>
              Session
              <input inputMode="numeric" placeholder="session id" value={sessionId} onInput={(e) => setSessionId((e.target as HTMLInputElement).value)} />
            </label>
            <button class="btn danger-outline" type="submit">
              Forget…
            </button>
          </form>
          <form
            class="forget-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (project) void forget({ project }, `Forget all of ${projectName(project)}?`, `Every session and observation recorded in ${project} is deleted.`, projectName(project));
            }}
          >
            <label>
              Project
              <select value={project} onChange={(e) => setProject((e.target as HTMLSelectElement).value)}>
                <option value="">choose…</option>
                {(meta?.projects ?? []).map((p) => (
                  <option key={p} value={p}>
                    {projectName(p)} — {p}
                  </option>
                ))}
              </select>
            </label>
            <button class="btn danger-outline" type="submit" disabled={!project}>
              Forget…
            </button>
          </form>
        </div>
      </div>
    </section>
  );
}
