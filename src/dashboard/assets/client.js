// The dashboard's only script (src/dashboard/assets.ts), loaded as a file: the Content-Security-Policy allows no
// inline script and no eval. Every page works without it; it adds the audit log's live rows and a confirmation
// before what cannot be undone.

/** The audit log follows new changes: rows rendered by the server arrive as server-sent events. */
function followLog(table) {
  const body = table.querySelector("tbody");
  const status = document.querySelector("[data-live-status]");
  if (!body) return;
  const source = new EventSource(table.dataset.live);
  source.addEventListener("row", (event) => {
    body.insertAdjacentHTML("afterbegin", event.data);
    body.querySelector("tr[data-empty]")?.remove();
    while (body.rows.length > 200) body.deleteRow(-1);
    if (status) status.textContent = status.dataset.added ?? "";
  });
  // The session ended (signed out elsewhere): the server says so and closes; the browser must not reconnect.
  source.addEventListener("end", () => source.close());
}

/** A form marked `data-confirm` asks before it is sent (removing a nick, revoking a key, signing out). */
function confirmBeforeSending(form) {
  form.addEventListener("submit", (event) => {
    if (!window.confirm(form.dataset.confirm)) event.preventDefault();
  });
}

for (const table of document.querySelectorAll("table[data-live]")) followLog(table);
for (const form of document.querySelectorAll("form[data-confirm]")) confirmBeforeSending(form);
