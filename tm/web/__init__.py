"""The browser front end: pure render functions and an App controller, plus one module
(``browser``) that binds them to the DOM. Only ``tm.web.browser`` imports ``js``/``pyscript``;
everything else here runs and is tested in CPython."""
