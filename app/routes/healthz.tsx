/** Liveness for load balancers and the test runner: answers once the server can render. */
export async function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
