// Applies the saved theme before the first paint so a dark-mode reader never sees a white flash.
(function () {
  try {
    var saved = localStorage.getItem('darkMode');
    var dark = saved === null ? window.matchMedia('(prefers-color-scheme: dark)').matches : saved === 'true';
    if (dark) document.documentElement.classList.add('dark');
  } catch (e) {
    /* storage unavailable: keep the light theme */
  }
})();
