export function embed(videoId: string): void {
  const params = new URLSearchParams(window.location.search);
  const frame = document.createElement("iframe");
  frame.src = "https://video.example.com/embed/" + params.get("video");
  frame.src = videoUrl(videoId);
  const form = document.createElement("form");
  form.action = "/submit";
}

function videoUrl(id: string): string {
  return `https://video.example.com/embed/${encodeURIComponent(id)}`;
}
