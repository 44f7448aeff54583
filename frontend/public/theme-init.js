// Applies the saved colour theme before first paint (a file, so a strict CSP allows it).
(function () {
  try {
    var t = localStorage.getItem('theme');
    if (t === 'dark' || t === 'light') document.documentElement.dataset.theme = t;
  } catch {
    /* storage unavailable: follow the system theme */
  }
})();
