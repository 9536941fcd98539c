const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const { injectHome } = require('./injectHome');

/**
 * The home page's first HTML is rendered at build time from the app's own components: a second,
 * Node-targeted compile of renderHome.tsx runs after the browser build and rewrites its output
 * into index.html (for "/", with the markup) and app.html (the empty shell for every other path).
 */
function prerenderConfigs(clientConfig) {
  const clientOut = clientConfig.output.path;
  const serverOut = path.resolve(__dirname, '../../node_modules/.cache/prerender', clientOut.replace(/[^\w.-]+/g, '_'));
  const homeAssets = { css: [], js: [] };
  // React, the router and the store, which every page but home needs first: app.html preloads
  // them so they download beside the small entry script instead of after it.
  const appShellScripts = [];

  // The browser build tells the prerender step which files hold the home chunk.
  const collectHomeAssets = {
    apply(compiler) {
      compiler.hooks.afterEmit.tap('CollectHomeAssets', (compilation) => {
        const group = compilation.namedChunkGroups.get('home');
        if (!group) throw new Error('No "home" chunk: routes.tsx must name the home screen chunk "home"');
        const publicPath = compilation.outputOptions.publicPath;
        const files = group.chunks
          .flatMap((chunk) => [...chunk.files])
          .filter((file) => !compilation.entrypoints.get('main').getFiles().includes(file));
        homeAssets.css = files.filter((file) => file.endsWith('.css')).map((file) => publicPath + file);
        homeAssets.js = files.filter((file) => file.endsWith('.js')).map((file) => publicPath + file);
        const entryFiles = compilation.entrypoints.get('main').getFiles();
        appShellScripts.length = 0;
        for (const name of ['app', 'store']) {
          const shared = compilation.namedChunkGroups.get(name);
          if (!shared) throw new Error(`No "${name}" chunk: check the webpackChunkName comments in src/main.tsx and src/app/screens.ts`);
          for (const file of shared.getFiles()) {
            if (file.endsWith('.js') && !entryFiles.includes(file) && !appShellScripts.includes(publicPath + file))
              appShellScripts.push(publicPath + file);
          }
        }
      });
    },
  };

  const writePages = {
    apply(compiler) {
      compiler.hooks.afterEmit.tapPromise('PrerenderHome', async () => {
        const bundle = path.join(serverOut, 'renderHome.js');
        delete require.cache[require.resolve(bundle)];
        const markup = await require(bundle).renderHome();
        const indexFile = path.join(clientOut, 'index.html');
        // No script preloads: the home page loads React only when the guest first interacts.
        const { home, app } = injectHome(fs.readFileSync(indexFile, 'utf8'), markup, {
          stylesheets: homeAssets.css,
          appPreloadScripts: appShellScripts,
        });
        fs.writeFileSync(path.join(clientOut, 'app.html'), app);
        fs.writeFileSync(indexFile, home);
      });
    },
  };

  const serverConfig = {
    name: 'prerender',
    dependencies: ['client'],
    mode: 'production',
    target: 'node',
    entry: { renderHome: path.resolve(__dirname, 'renderHome.tsx') },
    output: { path: serverOut, filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
    devtool: false,
    resolve: clientConfig.resolve,
    module: {
      rules: [
        { test: /\.tsx?$/, exclude: /node_modules/, use: { loader: 'ts-loader', options: { transpileOnly: true } } },
        // Stylesheets are linked into the page by the browser build; here they only need to import.
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    plugins: [
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new webpack.DefinePlugin({ 'process.env.VITALS_ENDPOINT': JSON.stringify('') }),
      new webpack.IgnorePlugin({ resourceRegExp: /^\.\/locale$/, contextRegExp: /moment$/ }),
      writePages,
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };

  return { collectHomeAssets, serverConfig };
}

module.exports = { prerenderConfigs };
