// The web explorer: ask with a streamed answer and citations that open their passage in its
// document's structure, the answer's evidence graph (expand an entity on click, filter by
// kind), an entity browser, and the documents with upload, job progress and delete. Every
// request carries the identity the page is given (tenant, groups, key): the service filters
// by it as it does for any client.
"use strict";

const TEXT = {
  de: {
    tab_ask: "Fragen", tab_entities: "Entitäten", tab_documents: "Dokumente",
    tenant: "Mandant", groups: "Gruppen", key: "API-Schlüssel", ask: "Fragen",
    question_hint: "Ihre Frage an die Dokumente …", find: "Suchen",
    entity_hint: "Name oder Teil eines Namens", upload: "Hochladen", title: "Titel",
    file: "Datei", chunks: "Passagen", delete: "Löschen", structure: "Gliederung",
    kind_document: "Dokumente", kind_section: "Abschnitte", kind_chunk: "Passagen",
    kind_entity: "Entitäten", page: "S.", searching: "Suche …", sources: "Quellen",
    mentions: "Erwähnungen", relations: "Beziehungen", documents_of: "Dokumente",
    confirm_delete: "Dokument „{0}“ löschen?", no_tenant: "Bitte einen Mandanten angeben.",
    job: "Auftrag", expand: "Klick: Nachbarn aufklappen", no_documents: "Noch keine Dokumente.",
    none: "Nichts gefunden.", read_as: "Gelesen als",
  },
  en: {
    tab_ask: "Ask", tab_entities: "Entities", tab_documents: "Documents",
    tenant: "Tenant", groups: "Groups", key: "API key", ask: "Ask",
    question_hint: "Your question to the documents …", find: "Find",
    entity_hint: "A name or part of one", upload: "Upload", title: "Title",
    file: "File", chunks: "Chunks", delete: "Delete", structure: "Structure",
    kind_document: "Documents", kind_section: "Sections", kind_chunk: "Chunks",
    kind_entity: "Entities", page: "p.", searching: "Searching …", sources: "Sources",
    mentions: "Mentions", relations: "Relations", documents_of: "Documents",
    confirm_delete: "Delete the document “{0}”?", no_tenant: "Please name a tenant.",
    job: "Job", expand: "Click: expand its neighbours", no_documents: "No documents yet.",
    none: "Nothing found.", read_as: "Read as",
  },
};

const $ = (selector) => document.querySelector(selector);
const state = { lang: "de", answer: null, cy: null };

function t(key, ...args) {
  let text = (TEXT[state.lang] || TEXT.de)[key] || key;
  args.forEach((a, i) => { text = text.replace(`{${i}}`, a); });
  return text;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "onclick") node.addEventListener("click", value);
    else if (value !== undefined && value !== null) node.setAttribute(name, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

// -- identity and requests ------------------------------------------------------------------

function who() {
  const form = $("#who");
  return {
    tenant: form.tenant.value.trim(),
    groups: form.groups.value.trim(),
    key: form.key.value,
    lang: form.lang.value,
  };
}

function remember() {
  const w = who();
  // the key stays in this tab only; tenant, groups and language are kept for the next visit
  sessionStorage.setItem("graphrag.key", w.key);
  localStorage.setItem("graphrag.who", JSON.stringify({ tenant: w.tenant, groups: w.groups, lang: w.lang }));
}

function restore() {
  const form = $("#who");
  const saved = JSON.parse(localStorage.getItem("graphrag.who") || "{}");
  const params = new URLSearchParams(location.search);
  form.tenant.value = params.get("tenant") || saved.tenant || "";
  form.groups.value = params.get("groups") || saved.groups || "";
  form.key.value = sessionStorage.getItem("graphrag.key") || "";
  form.lang.value = params.get("lang") || saved.lang || (navigator.language || "de").slice(0, 2);
  if (!TEXT[form.lang.value]) form.lang.value = "de";
}

function headers(extra = {}) {
  const w = who();
  const out = { ...extra };
  if (w.tenant) out["X-Graphrag-Tenant"] = w.tenant;
  if (w.groups) out["X-Graphrag-Groups"] = w.groups;
  if (w.key) out.Authorization = `Bearer ${w.key}`;
  return out;
}

function showError(message) {
  const box = $("#error");
  box.textContent = message;
  box.hidden = !message;
}

async function failure(response) {
  let message = `${response.status} ${response.statusText}`;
  try {
    const body = await response.json();
    message = body.hint ? `${body.error} (${body.hint})` : body.error || message;
  } catch (_) { /* not JSON: the status says it */ }
  return new Error(message);
}

async function api(method, path, body) {
  if (!who().tenant) throw new Error(t("no_tenant"));
  const options = { method, headers: headers() };
  if (body instanceof FormData) options.body = body;
  else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  if (!response.ok) throw await failure(response);
  return response.json();
}

function guarded(work) {
  return async (event) => {
    if (event) event.preventDefault();
    showError("");
    try { await work(event); } catch (error) { showError(error.message); }
  };
}

// -- ask ------------------------------------------------------------------------------------

// Server-Sent Events from a POST: EventSource only GETs, so the stream is read by hand
async function* events(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
      let type = "message";
      const data = [];
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith("event:")) type = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
      }
      if (data.length) yield { type, data: JSON.parse(data.join("\n")) };
    }
  }
}

const ask = guarded(async () => {
  const question = $("#question").value.trim();
  if (!question) return;
  if (!who().tenant) throw new Error(t("no_tenant"));
  remember();
  const answerBox = $("#answer");
  answerBox.className = "";
  answerBox.textContent = t("searching");
  $("#citations").replaceChildren();
  $("#passage").hidden = true;
  const response = await fetch("/ask", {
    method: "POST",
    headers: headers({ "Content-Type": "application/json", Accept: "text/event-stream" }),
    body: JSON.stringify({ question, stream: true }),
  });
  if (!response.ok) throw await failure(response);
  let written = "";
  for await (const event of events(response)) {
    if (event.type === "token") {
      written += event.data.text;
      answerBox.textContent = written;
    } else if (event.type === "restart") {
      written = "";
    } else if (event.type === "answer") {
      showAnswer(event.data);
    } else if (event.type === "error") {
      throw new Error(event.data.hint ? `${event.data.error} (${event.data.hint})` : event.data.error);
    }
  }
  await drawEvidence(question);
});

function cite(citation) {
  const where = [citation.title];
  if (citation.section) where.push(citation.section);
  if (citation.page) where.push(`${t("page")} ${citation.page}`);
  return where.join(" — ") + (citation.path || citation.file ? ` (${citation.path || citation.file})` : "");
}

function showAnswer(answer) {
  state.answer = answer;
  const box = $("#answer");
  box.className = answer.answerable ? "answered" : "abstained";
  box.replaceChildren();
  // misspelled words were read as the words meant: say how the question was read
  if (answer.read_as) box.append(el("p", { class: "read-as" }, `${t("read_as")}: ${answer.read_as}`));
  // the text with each [n] a link to its passage
  const parts = answer.answer.split(/(\[\d+\])/);
  for (const part of parts) {
    const n = /^\[(\d+)\]$/.exec(part);
    if (n) box.append(el("a", { class: "cite", "data-n": n[1], onclick: () => openCitation(Number(n[1])) }, part));
    else box.append(part);
  }
  const list = $("#citations");
  list.replaceChildren(...answer.citations.map((c) =>
    el("li", {}, el("a", { "data-n": c.n, onclick: () => openCitation(c.n) }, `[${c.n}] ${cite(c)}`))));
}

async function openCitation(n) {
  const answer = state.answer;
  const citation = answer && answer.citations.find((c) => c.n === n);
  if (!citation) return;
  const passage = answer.passages.find((p) => p.chunk_ids.includes(citation.chunk_id));
  const box = $("#passage");
  box.hidden = false;
  box.replaceChildren(el("h3", {}, `[${n}] ${cite(citation)}`), el("pre", { class: "passage-text" }, passage ? passage.text : ""));
  try {
    const structure = await api("GET", `/documents/${encodeURIComponent(citation.document)}/structure`);
    box.append(sectionTree(structure, passage ? passage.section_path : []));
  } catch (error) { showError(error.message); }
}

function sectionTree(structure, citedPath) {
  const cited = JSON.stringify(citedPath || []);
  const list = el("ul", { class: "section-tree" });
  for (const section of structure.sections) {
    const pages = section.page_start ? ` (${t("page")} ${section.page_start}${section.page_end && section.page_end !== section.page_start ? `–${section.page_end}` : ""})` : "";
    const item = el("li", { style: `margin-left:${section.level}em` }, `${section.title} · ${section.chunks}${pages}`);
    if (JSON.stringify(section.path) === cited) item.classList.add("cited");
    list.append(item);
  }
  return el("div", {}, el("h4", {}, `${t("structure")}: ${structure.document.title} · ${structure.chunks} ${t("chunks")}`), list);
}

// -- the evidence graph ---------------------------------------------------------------------

const COLOURS = { document: "#3b6fd8", section: "#7a5bd0", chunk: "#2f9e6e", entity: "#e08a1e" };

function graphStyle() {
  return [
    { selector: "node", style: { label: "data(label)", "font-size": 9, "text-wrap": "ellipsis", "text-max-width": 110, width: 18, height: 18, "background-color": (n) => COLOURS[n.data("kind")] || "#888" } },
    { selector: "node[kind = 'document']", style: { shape: "round-rectangle", width: 26, height: 20 } },
    { selector: "node[kind = 'entity']", style: { shape: "ellipse" } },
    { selector: "node[kind = 'chunk']", style: { shape: "rectangle" } },
    { selector: "edge", style: { width: 1, "line-color": "#b9c2cf", "curve-style": "bezier", "target-arrow-shape": "triangle", "target-arrow-color": "#b9c2cf", "arrow-scale": 0.6 } },
    { selector: "edge[kind = 'RELATED_TO']", style: { "line-color": "#e08a1e", "target-arrow-color": "#e08a1e", label: "data(type)", "font-size": 7 } },
    { selector: "edge[kind = 'BROUGHT']", style: { "line-style": "dashed", "line-color": "#2f9e6e" } },
    { selector: ".hidden", style: { display: "none" } },
  ];
}

function toElements(nodes, edges) {
  return [
    ...nodes.map((n) => ({ group: "nodes", data: { ...n, label: n.label || n.id } })),
    ...edges.map((e, i) => ({ group: "edges", data: { id: `${e.kind}:${e.source}:${e.target}:${e.type || i}`, ...e } })),
  ];
}

async function drawEvidence(question) {
  const graph = await api("POST", "/graph/evidence", { query: question });
  if (state.cy) state.cy.destroy();
  state.cy = cytoscape({
    container: $("#graph"),
    elements: toElements(graph.nodes, graph.edges),
    style: graphStyle(),
    layout: { name: "cose", animate: false },
  });
  state.cy.on("tap", "node", (event) => guarded(() => expand(event.target))());
  applyFilters();
  $("#graph").dataset.nodes = String(state.cy.nodes().length);
  $("#graph").dataset.edges = String(state.cy.edges().length);
}

function applyFilters() {
  if (!state.cy) return;
  const shown = new Set([...document.querySelectorAll("#graph-filters input:checked")].map((i) => i.value));
  state.cy.nodes().forEach((node) => node.toggleClass("hidden", !shown.has(node.data("kind"))));
}

function addToGraph(nodes, edges) {
  const cy = state.cy;
  const fresh = toElements(nodes, edges).filter((e) => cy.getElementById(e.data.id).empty());
  const added = cy.add(fresh.filter((e) => e.group === "nodes"));
  cy.add(fresh.filter((e) => e.group === "edges" && !cy.getElementById(e.data.source).empty() && !cy.getElementById(e.data.target).empty()));
  if (added.length) cy.layout({ name: "cose", animate: false }).run();
  applyFilters();
  $("#graph").dataset.nodes = String(cy.nodes().length);
  $("#graph").dataset.edges = String(cy.edges().length);
}

async function expand(node) {
  const data = node.data();
  const info = $("#node-info");
  info.dataset.kind = data.kind;
  info.dataset.id = data.id;
  info.replaceChildren(el("strong", {}, data.label), ` · ${t(`kind_${data.kind}`)}${data.type ? ` (${data.type})` : ""}`);
  if (data.kind === "entity") {
    const view = await api("GET", `/entities/${encodeURIComponent(data.id)}`);
    const nodes = [];
    const edges = [];
    for (const relation of view.relations) {
      nodes.push({ id: relation.other.id, kind: "entity", label: relation.other.name, type: relation.other.type });
      edges.push({ source: relation.source_id, target: relation.target_id, kind: "RELATED_TO", type: relation.type });
    }
    for (const mention of view.mentions) {
      nodes.push({ id: mention.chunk_id, kind: "chunk", label: mention.text.slice(0, 60), doc_id: mention.doc_id });
      edges.push({ source: mention.chunk_id, target: data.id, kind: "MENTIONS" });
    }
    addToGraph(nodes, edges);
    info.append(el("p", {}, `${view.chunks} ${t("chunks")}, ${view.documents} ${t("documents_of")}`));
  } else if (data.kind === "chunk") {
    const near = await api("GET", `/graph/neighbourhood?chunk=${encodeURIComponent(data.id)}&limit=15`);
    addToGraph(near.nodes, near.edges);
    const text = near.nodes.find((n) => n.id === data.id);
    if (text) info.append(el("p", {}, text.label));
  } else if (data.kind === "document" || data.doc_id) {
    const structure = await api("GET", `/documents/${encodeURIComponent(data.doc_id || data.id)}/structure`);
    info.append(sectionTree(structure, []));
  }
}

// -- entities -------------------------------------------------------------------------------

const findEntities = guarded(async () => {
  remember();
  const q = $("#entity-query").value.trim();
  const hits = await api("GET", `/entities?q=${encodeURIComponent(q)}&limit=50`);
  const list = $("#entity-list");
  list.replaceChildren(...hits.map((hit) => el("li", {},
    el("a", { class: "link", onclick: guarded(() => showEntity(hit.entity.id)) }, hit.entity.name),
    ` (${hit.entity.type}) · ${hit.chunks} ${t("chunks")}, ${hit.documents} ${t("documents_of")}`)));
  if (!hits.length) list.append(el("li", {}, t("none")));
});

async function showEntity(id) {
  const view = await api("GET", `/entities/${encodeURIComponent(id)}`);
  const box = $("#entity-view");
  box.replaceChildren(
    el("h3", {}, `${view.entity.name} (${view.entity.type})`),
    el("h4", {}, t("relations")),
    el("ul", {}, ...view.relations.map((r) => el("li", {}, `${r.type} → `,
      el("a", { class: "link", onclick: guarded(() => showEntity(r.other.id)) }, r.other.name)))),
    el("h4", {}, t("mentions")),
    ...view.mentions.map((m) => el("div", { class: "mention" },
      el("strong", {}, [m.title, ...m.section].join(" — ") + (m.page ? ` (${t("page")} ${m.page})` : "")),
      el("pre", {}, m.text))),
  );
}

// -- documents ------------------------------------------------------------------------------

const listDocuments = guarded(async () => {
  remember();
  const docs = await api("GET", "/documents");
  const body = $("#document-table tbody");
  body.replaceChildren(...docs.map((doc) => el("tr", { "data-id": doc.id },
    el("td", {}, el("a", { class: "link", onclick: guarded(() => showStructure(doc.id)) }, doc.title)),
    el("td", {}, doc.path || doc.source),
    el("td", {}, doc.chunks),
    el("td", {}, el("button", { class: "delete", onclick: guarded(() => remove(doc)) }, t("delete"))))));
  if (!docs.length) body.append(el("tr", {}, el("td", { colspan: "4" }, t("no_documents"))));
});

async function showStructure(id) {
  const structure = await api("GET", `/documents/${encodeURIComponent(id)}/structure`);
  $("#structure").replaceChildren(sectionTree(structure, []));
}

async function remove(doc) {
  if (!confirm(t("confirm_delete", doc.title))) return;
  await api("DELETE", `/documents/${encodeURIComponent(doc.id)}`);
  await listDocuments();
}

const upload = guarded(async () => {
  remember();
  const files = $("#upload-files").files;
  if (!files.length) return;
  const form = new FormData();
  for (const file of files) form.append("files", file, file.name);
  let job = await api("POST", "/ingest", form);
  const line = el("div", { class: "job", "data-id": job.id });
  $("#jobs").prepend(line);
  while (job.state === "queued" || job.state === "running") {
    line.replaceChildren(...jobLine(job));
    await new Promise((resolve) => setTimeout(resolve, 400));
    job = await api("GET", `/jobs/${job.id}`);
  }
  line.replaceChildren(...jobLine(job));
  line.dataset.state = job.state;
  if (job.error) showError(job.error);
  await listDocuments();
});

function jobLine(job) {
  const out = [`${t("job")} ${job.files.join(", ")}: ${job.state} `];
  for (const [stage, p] of Object.entries(job.progress || {})) {
    out.push(el("span", {}, ` ${stage} `), el("progress", { max: p.total || 1, value: p.done || 0 }));
  }
  return out;
}

// -- the page -------------------------------------------------------------------------------

function translate() {
  document.documentElement.lang = state.lang;
  document.querySelectorAll("[data-i18n]").forEach((node) => { node.textContent = t(node.dataset.i18n); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((node) => { node.placeholder = t(node.dataset.i18nPlaceholder); });
}

function showTab(name) {
  document.querySelectorAll("nav button").forEach((b) => b.classList.toggle("active", b.dataset.tab === name));
  document.querySelectorAll(".tab").forEach((s) => { s.hidden = s.id !== `tab-${name}`; });
  if (name === "documents") listDocuments();
}

document.addEventListener("DOMContentLoaded", () => {
  restore();
  state.lang = who().lang;
  translate();
  $("#who").lang.addEventListener("change", () => { state.lang = who().lang; remember(); translate(); });
  $("#who").addEventListener("change", remember);
  document.querySelectorAll("nav button").forEach((b) => b.addEventListener("click", () => showTab(b.dataset.tab)));
  $("#ask-form").addEventListener("submit", ask);
  $("#entity-form").addEventListener("submit", findEntities);
  $("#upload-form").addEventListener("submit", upload);
  $("#graph-filters").addEventListener("change", applyFilters);
  document.body.dataset.ready = "true";
});
