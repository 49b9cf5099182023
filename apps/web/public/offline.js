// The offline page (/offline.html, shown by the service worker when a page cannot load): shows the text in the
// member's language (the language cookie, else the browser's) and reloads once the connection is back.
(function () {
  'use strict';
  var sections = Array.prototype.slice.call(document.querySelectorAll('section[lang]'));
  var available = sections.map(function (section) {
    return section.getAttribute('lang');
  });
  var cookie = (document.cookie.match(/(?:^|; )lang=([^;]+)/) || [])[1];
  var wanted = [cookie].concat(navigator.languages || [navigator.language]).filter(Boolean);
  var chosen = 'en';
  for (var i = 0; i < wanted.length; i += 1) {
    var exact = wanted[i];
    var base = String(exact).slice(0, 2).toLowerCase();
    if (available.indexOf(exact) !== -1) {
      chosen = exact;
      break;
    }
    if (available.indexOf(base) !== -1) {
      chosen = base;
      break;
    }
  }
  sections.forEach(function (section) {
    section.hidden = section.getAttribute('lang') !== chosen;
  });
  document.documentElement.lang = chosen;
  var title = document.querySelector('section[lang="' + chosen + '"] h1');
  if (title) document.title = title.textContent;
  Array.prototype.forEach.call(document.querySelectorAll('[data-retry]'), function (button) {
    button.addEventListener('click', function () {
      location.reload();
    });
  });
  window.addEventListener('online', function () {
    location.reload();
  });
})();
