// releaseFreedMemory(): glibc's malloc_trim(0). Memory freed inside the C heap (small blocks freed
// in the middle of it, or in a second arena) stays resident until something asks glibc to give it
// back; malloc_trim walks the heaps and returns every free page to the system (ADR 009). Where the
// C library is not glibc there is nothing to call, and the answer is false.
#include <node_api.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static napi_value release_freed_memory(napi_env env, napi_callback_info info) {
  (void)info;
  bool released = false;
#if defined(__GLIBC__)
  released = malloc_trim(0) == 1;
#endif
  napi_value result;
  napi_get_boolean(env, released, &result);
  return result;
}

static napi_value can_release(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value result;
#if defined(__GLIBC__)
  napi_get_boolean(env, true, &result);
#else
  napi_get_boolean(env, false, &result);
#endif
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  napi_create_function(env, "releaseFreedMemory", NAPI_AUTO_LENGTH, release_freed_memory, NULL, &fn);
  napi_set_named_property(env, exports, "releaseFreedMemory", fn);
  napi_create_function(env, "canRelease", NAPI_AUTO_LENGTH, can_release, NULL, &fn);
  napi_set_named_property(env, exports, "canRelease", fn);
  return exports;
}
