ALLOWED_HOSTS = ["app.example.com", ".example.com"]
