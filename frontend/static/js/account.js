/*
 * account.js: the "Copy the token" button next to a new API token, which the account page shows
 * only once. Progressive: without scripts the button stays hidden and the token is selected by
 * hand. The result ("Copied." or how to copy by hand) goes to a polite live region, so a screen
 * reader hears it; where the clipboard is refused the token's text is selected instead.
 */
function selectText(el) {
  const range = document.createRange();
  range.selectNodeContents(el);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

for (const button of document.querySelectorAll("button[data-copy]")) {
  const source = document.getElementById(button.dataset.copy);
  const result = button.parentElement.querySelector("[data-copy-result]");
  if (!source) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(source.textContent.trim());
      if (result) result.textContent = button.dataset.copied;
    } catch {
      selectText(source);
      if (result) result.textContent = button.dataset.copyFailed;
    }
  });
}
