"""The browser front end: pure render functions and an App controller, plus the browser
rooms (``browser``, ``page_*``, ``bot_loop``) that bind them to the DOM. Only those import
``js``; everything else here runs and is tested in CPython."""
