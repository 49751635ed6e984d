{
  "targets": [
    {
      "target_name": "native_memory",
      "sources": ["src/native-memory.c"]
    }
  ]
}
