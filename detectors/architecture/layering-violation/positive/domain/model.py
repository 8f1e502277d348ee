from web.views import render  # expect: layering-violation
