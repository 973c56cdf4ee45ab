"""Log readers, one module per format; each exposes NAME, detect(path, head) and read(path)."""
