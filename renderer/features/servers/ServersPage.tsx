// The servers page: a list on the left, the selected server's detail on the right.
export function ServersPage() {
  return (
    <section className="page" aria-label="Servers">
      <h1>MCP servers</h1>
      <div className="empty-state">
        <p className="muted">No servers yet. Servers give Claude tools: files, memory, the web.</p>
      </div>
    </section>
  );
}
