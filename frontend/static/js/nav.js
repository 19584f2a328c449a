/*
 * nav.js: folds the main navigation behind a menu button on narrow screens (site.css decides the
 * width). Progressive enhancement: the button ships hidden and the nav open, so a page without
 * scripts keeps every link; this module shows the button and lets it open and close the nav.
 * The button is a real <button> (Enter and Space work as they do everywhere); Escape closes the
 * menu and puts the focus back on the button.
 */
const header = document.querySelector(".site-header");
const button = header?.querySelector("[data-nav-toggle]");

function setOpen(open) {
  button.setAttribute("aria-expanded", String(open));
  header.classList.toggle("nav-open", open);
}

if (button) {
  header.classList.add("has-nav-toggle");
  button.hidden = false;
  button.addEventListener("click", () => setOpen(button.getAttribute("aria-expanded") !== "true"));
  header.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && header.classList.contains("nav-open")) {
      setOpen(false);
      button.focus();
    }
  });
}
