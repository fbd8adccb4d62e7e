"""PyScript entry point: start the page (see tm/web/browser.py)."""
from tm.web.browser import start

start()
