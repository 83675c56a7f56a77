import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";

/** The file name the server gave in Content-Disposition ("pocketwise-export-YYYY-MM-DD.json"). */
function fileNameOf(res: Response) {
  const named = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1];
  return named ?? "pocketwise-export.json";
}

/**
 * GET /api/account/export (docs/decisions/158): everything the family holds, saved as a JSON file. Fetched rather
 * than followed as a link, so a refusal (too many downloads in an hour) is told on the page instead of being
 * saved as a file.
 */
export async function downloadAccountData() {
  const res = await apiRequest("GET", "/api/account/export");
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(res);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the file once the click has been handled; the object URL is freed after that.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadAccountData() {
  return useMutation({ mutationFn: downloadAccountData });
}
