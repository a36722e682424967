#ifndef CSDL2_SHIM_H
#define CSDL2_SHIM_H
// The SDL2 headers the backend uses; pkg-config sdl2 puts /usr/include/SDL2 on the path.
#include <SDL.h>
#include <SDL_ttf.h>
#include <SDL_image.h>
#endif
