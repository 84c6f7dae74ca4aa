/** The API Integration tab: where the public API's OpenAPI document is and how the services are read and written through it. */
export function ApiIntegration() {
  const origin = window.location.origin;
  const endpoints = [
    { method: 'GET', path: '/api/services', what: 'Every active service in list order (no sign-in)' },
    {
      method: 'GET',
      path: '/api/services/{serviceId}',
      what: 'One active service (no sign-in); 404 when inactive or deleted',
    },
    { method: 'GET', path: '/api/admin/services', what: 'Every service with its version (admin)' },
    { method: 'POST', path: '/api/admin/services', what: 'Create a service (admin)' },
    {
      method: 'PUT',
      path: '/api/admin/services/{serviceId}',
      what: 'Replace a service’s fields and status (admin, expectedVersion)',
    },
    {
      method: 'PATCH',
      path: '/api/admin/services/{serviceId}/status',
      what: 'Mark it active or inactive (admin, expectedVersion)',
    },
    { method: 'DELETE', path: '/api/admin/services/{serviceId}', what: 'Delete it (admin, ?expectedVersion)' },
  ];
  return (
    <section className="api-integration" aria-labelledby="api-integration-heading">
      <h2 id="api-integration-heading">Public API</h2>
      <p>
        The services are read and written through LabShop’s HTTP API, the same one this back office uses. Its OpenAPI
        document lists every route with its fields, messages and answers: <a href="/api/docs">{`${origin}/api/docs`}</a>{' '}
        (interactive) or <a href="/api/docs/json">{`${origin}/api/docs/json`}</a> (JSON, for code generators).
      </p>
      <table className="api-integration__table">
        <caption>Service endpoints</caption>
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Path</th>
            <th scope="col">What it does</th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((endpoint) => (
            <tr key={`${endpoint.method} ${endpoint.path}`}>
              <td>
                <code>{endpoint.method}</code>
              </td>
              <td>
                <code>{endpoint.path}</code>
              </td>
              <td>{endpoint.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Example: the active services</h3>
      <pre className="api-integration__example">
        <code>{`curl ${origin}/api/services`}</code>
      </pre>
      <h3>Example: mark a service inactive</h3>
      <p>
        Admin routes take the token of an admin session (POST /api/admin/login) as a bearer token, and the version the
        list showed.
      </p>
      <pre className="api-integration__example">
        <code>{`curl -X PATCH ${origin}/api/admin/services/<serviceId>/status \\
  -H 'Authorization: Bearer <admin token>' \\
  -H 'Content-Type: application/json' \\
  -d '{"isActive": false, "expectedVersion": 3}'`}</code>
      </pre>
    </section>
  );
}
