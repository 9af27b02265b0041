// The arrow keys turn the pages of the seasons (the links do the same without a script).
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  var rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : "";
  var link = rel && document.querySelector('link[rel="' + rel + '"]');
  if (link) window.location.href = link.href;
});
