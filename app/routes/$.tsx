/** P19: any other path is 'Page Not Found!' with HTTP 404 (root ErrorBoundary renders it). */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}
